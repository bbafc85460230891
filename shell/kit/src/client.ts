import {
  fillPath,
  type Endpoint,
  type EndpointBody,
  type EndpointQuery,
  type EndpointResponse,
  type PathParams,
} from '@groupflow/core/contracts';
import type { z } from 'zod';
import { HttpError, request } from './request.ts';

type HasKeys<T> = keyof T extends never ? false : true;
type HasParams<E extends Endpoint> = HasKeys<PathParams<E['path']>>;
type HasBody<E extends Endpoint> = E extends { body: z.ZodType } ? true : false;
/** Whether a call of the endpoint cannot do without options (it has path parameters or a body). */
export type NeedsOptions<E extends Endpoint> = HasParams<E> extends true ? true : HasBody<E>;

/** What a call needs besides the endpoint; each part is required exactly when the endpoint declares it. */
export type CallOptions<E extends Endpoint> = (HasParams<E> extends true
  ? { params: PathParams<E['path']> }
  : { params?: undefined }) &
  (HasBody<E> extends true ? { body: EndpointBody<E> } : { body?: undefined }) &
  (E extends { query: z.ZodType } ? { query?: EndpointQuery<E> } : { query?: undefined }) &
  (E extends { upload: readonly string[] } ? { file: Blob } : { file?: undefined }) & {
    /** Credentials that must stay out of URLs, such as the customer's chat key. */
    headers?: Record<string, string>;
  };

/** The options argument may be left out only when nothing in it is required. */
export type CallArgs<E extends Endpoint> =
  NeedsOptions<E> extends true ? [options: CallOptions<E>] : [options?: CallOptions<E>];

/**
 * What the client reads of an endpoint at run time. A page that must stay light (the landing page: no zod, for its
 * LCP) passes this much of an endpoint, checked against the endpoint's type, and names the endpoint as the type
 * argument: `apiClient.call<typeof API.customer.getUser>(route)`.
 */
export type EndpointRoute<E extends Endpoint = Endpoint> = Pick<E, 'method' | 'path' | 'auth'>;

/**
 * Staff endpoints carry the stored bearer token; every other kind of caller proves itself by cookie or key. An
 * auth object (a permission the member needs, a step they may still owe) is a staff credential too.
 */
export const isStaffEndpoint = (definition: EndpointRoute): boolean =>
  definition.auth === 'staff' || typeof definition.auth === 'object';

/** The URL of a call: `:params` filled and encoded, query values that are set appended in order. */
export function endpointUrl(
  definition: EndpointRoute,
  params?: Record<string, string | number>,
  query?: Record<string, unknown>,
): string {
  const path = fillPath(definition.path, params);
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

async function send<E extends Endpoint>(
  definition: EndpointRoute<E>,
  options: CallOptions<E> | undefined,
): Promise<EndpointResponse<E>> {
  const url = endpointUrl(
    definition,
    options?.params as Record<string, string | number> | undefined,
    options?.query as Record<string, unknown> | undefined,
  );
  const response = await request(url, {
    method: definition.method,
    body: options?.file ?? options?.body,
    headers: options?.headers,
    bearer: isStaffEndpoint(definition),
  });
  // 204 and other empty answers carry no JSON; the endpoint's response schema then describes `undefined`.
  if (response.status === 204) return undefined as EndpointResponse<E>;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as EndpointResponse<E>;
}

/**
 * The remotes' one way to reach the API, typed by the endpoint objects of core/contracts: path parameters, query,
 * body and answer all follow the endpoint. Every request sends credentials, the staff bearer token when the
 * endpoint's `auth` is staff, and fails with an HttpError ("STATUS: body", with the server's code and issues).
 */
export const apiClient = {
  call<E extends Endpoint>(definition: E | EndpointRoute<E>, ...[options]: CallArgs<E>): Promise<EndpointResponse<E>> {
    return send(definition, options as CallOptions<E> | undefined);
  },

  /** As `call`, but a 401 answer resolves to null (spec 3 section 7: queries that ask for "returnNull"). */
  async callOr401<E extends Endpoint>(
    definition: E | EndpointRoute<E>,
    ...[options]: CallArgs<E>
  ): Promise<EndpointResponse<E> | null> {
    try {
      return await send(definition, options as CallOptions<E> | undefined);
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) return null;
      throw error;
    }
  },
};
