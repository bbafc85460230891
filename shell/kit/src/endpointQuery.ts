import { useCallback } from 'react';
import {
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { Endpoint, EndpointResponse } from '@groupflow/core/contracts';
import { apiClient, isStaffEndpoint, type CallArgs, type CallOptions, type NeedsOptions } from './client.ts';
import { endpointKey, targetKey, type InvalidationTarget } from './endpointKey.ts';
import { useDescribeError } from './errors.ts';
import { STAFF_TOKEN_KEY } from './request.ts';
import { isUnauthorized, useSessionExpired } from './staffSession.ts';
import { useToast, type ToastInput } from './toast.tsx';

/** The arguments of one call of `E` (path parameters, query, body, headers); absent when it needs none. */
export type EndpointArgs<E extends Endpoint> = NeedsOptions<E> extends true ? CallOptions<E> : CallOptions<E> | void;

export type Call = <E extends Endpoint>(definition: E, ...args: CallArgs<E>) => Promise<EndpointResponse<E>>;

/**
 * What a screen does with a failed call: a 401 on a staff endpoint (expired, revoked, terminated) ends the staff
 * session on the spot, so no screen keeps showing data the server no longer grants. Customer and public calls
 * pass; their screens decide what signed out means (RequireCustomer).
 */
export function useUnauthorizedGuard(): (definition: Endpoint, error: unknown) => void {
  const expired = useSessionExpired();
  return useCallback(
    (definition: Endpoint, error: unknown) => {
      // Once: the first 401 clears the token, the calls failing beside it find it gone.
      if (isStaffEndpoint(definition) && isUnauthorized(error) && localStorage.getItem(STAFF_TOKEN_KEY)) expired();
    },
    [expired],
  );
}

/** `apiClient.call` under the screen's unauthorised guard, for calls that are neither a query nor a mutation. */
export function useApiCall(): Call {
  const guard = useUnauthorizedGuard();
  return useCallback(
    async <E extends Endpoint>(definition: E, ...args: CallArgs<E>) => {
      try {
        return await apiClient.call(definition, ...args);
      } catch (error) {
        guard(definition, error);
        throw error;
      }
    },
    [guard],
  ) as Call;
}

const callWith = <E extends Endpoint>(call: Call, definition: E, args: CallOptions<E> | void) =>
  call(definition, ...([args ?? undefined] as CallArgs<E>));

export type EndpointQueryOptions<E extends Endpoint, TData = EndpointResponse<E>> = Omit<
  UseQueryOptions<EndpointResponse<E>, Error, TData>,
  'queryKey' | 'queryFn'
>;

type QueryParams<E extends Endpoint, TData> =
  NeedsOptions<E> extends true
    ? [args: CallOptions<E>, options?: EndpointQueryOptions<E, TData>]
    : [args?: CallOptions<E>, options?: EndpointQueryOptions<E, TData>];

/**
 * A query of one endpoint: its key is `endpointKey(endpoint, args)`, its data the endpoint's typed answer.
 * `useEndpointQuery(API.staff.listStaff)`, `useEndpointQuery(API.support.listMessages, { params: { id } }, { enabled })`.
 */
export function useEndpointQuery<E extends Endpoint, TData = EndpointResponse<E>>(
  definition: E,
  ...[args, options]: QueryParams<E, TData>
): UseQueryResult<TData, Error> {
  const call = useApiCall();
  return useQuery({
    ...options,
    queryKey: endpointKey(definition, args),
    queryFn: () => callWith(call, definition, args),
  });
}

export interface EndpointMutationOptions<E extends Endpoint, TContext = unknown> extends Omit<
  UseMutationOptions<EndpointResponse<E>, Error, EndpointArgs<E>, TContext>,
  'mutationFn'
> {
  /** Queries to refetch after a success: endpoints (every call of them) or keys made with endpointKey. */
  invalidates?: readonly InvalidationTarget[];
  /** The success toast: its title, the whole toast, or the toast made from the answer. */
  success?: string | ToastInput | ((data: EndpointResponse<E>, args: EndpointArgs<E>) => ToastInput);
  /**
   * The failure toast: its title, described by the remote's text for the error's code (else the server's message),
   * or the whole toast from the error.
   */
  failure?: string | ((error: Error, args: EndpointArgs<E>) => ToastInput);
}

/**
 * A call of one endpoint that changes something: `mutate(args)` sends it; after a success the `invalidates`
 * queries refetch and the `success` toast shows, after a failure the `failure` toast. `onSuccess`/`onError` still
 * run for what is particular to the screen.
 */
export function useEndpointMutation<E extends Endpoint, TContext = unknown>(
  definition: E,
  { invalidates = [], success, failure, onSuccess, onError, ...options }: EndpointMutationOptions<E, TContext> = {},
): UseMutationResult<EndpointResponse<E>, Error, EndpointArgs<E>, TContext> {
  const call = useApiCall();
  const queryClient = useQueryClient();
  const toast = useToast();
  const describe = useDescribeError();
  return useMutation({
    ...options,
    mutationFn: (args: EndpointArgs<E>) => callWith(call, definition, args),
    onSuccess: (data, args, ...rest) => {
      for (const target of invalidates) void queryClient.invalidateQueries({ queryKey: targetKey(target) });
      if (typeof success === 'string') toast({ title: success, variant: 'success' });
      else if (typeof success === 'function') toast(success(data, args));
      else if (success) toast(success);
      return onSuccess?.(data, args, ...rest);
    },
    onError: (error, args, ...rest) => {
      if (failure !== undefined)
        toast(
          typeof failure === 'string'
            ? { title: failure, description: describe(error), variant: 'destructive' }
            : failure(error, args),
        );
      return onError?.(error, args, ...rest);
    },
  });
}
