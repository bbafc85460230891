import {
  fillPath,
  type Endpoint,
  type EndpointBody,
  type EndpointQuery,
  type EndpointResponse,
  type PathParams,
} from '@groupflow/core/contracts';
import type { z } from 'zod';
import { apiRequest, HttpError, type UnauthorizedBehavior } from './request.ts';

type HasKeys<T> = keyof T extends never ? false : true;
type HasParams<E extends Endpoint> = HasKeys<PathParams<E['path']>>;
type HasBody<E extends Endpoint> = E extends { body: z.ZodType } ? true : false;

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
  HasParams<E> extends true
    ? [options: CallOptions<E>]
    : HasBody<E> extends true
      ? [options: CallOptions<E>]
      : [options?: CallOptions<E>];

/** The URL of a call: `:params` filled and encoded, query values that are set appended in order. */
export function endpointUrl(
  definition: Endpoint,
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
  definition: E,
  options: CallOptions<E> | undefined,
): Promise<EndpointResponse<E>> {
  const url = endpointUrl(
    definition,
    options?.params as Record<string, string | number> | undefined,
    options?.query as Record<string, unknown> | undefined,
  );
  const response = await apiRequest(url, definition.method, options?.file ?? options?.body, options?.headers);
  // 204 and other empty answers carry no JSON; the endpoint's response schema then describes `undefined`.
  if (response.status === 204) return undefined as EndpointResponse<E>;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as EndpointResponse<E>;
}

/**
 * The remotes' one way to reach the API, typed by the endpoint objects of core/contracts: path parameters, query,
 * body and answer all follow the endpoint. Requests carry the shared behaviour of `apiRequest` (credentials, the
 * staff bearer token, "STATUS: body" errors).
 */
export const apiClient = {
  call<E extends Endpoint>(definition: E, ...[options]: CallArgs<E>): Promise<EndpointResponse<E>> {
    return send(definition, options as CallOptions<E> | undefined);
  },

  /** As `call`, but a 401 answer resolves to null (spec 3 section 7: queries that ask for "returnNull"). */
  async callOr401<E extends Endpoint>(definition: E, ...[options]: CallArgs<E>): Promise<EndpointResponse<E> | null> {
    try {
      return await send(definition, options as CallOptions<E> | undefined);
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) return null;
      throw error;
    }
  },
};

export type { UnauthorizedBehavior };
