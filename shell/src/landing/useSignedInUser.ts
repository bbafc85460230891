import { useEffect, useState } from 'react';
import { apiClient } from '@groupflow/shell-kit';
import type { PublicCustomerWire as CurrentUser } from '@groupflow/core/contracts';
import { GET_USER, type GetUser } from '../api/routes.ts';

/** Spec 1 section 7: GET /api/user retries once, after 1 s. */
const USER_RETRIES = 1;
const USER_RETRY_DELAY_MS = 1000;

export interface SignedInUser {
  isLoading: boolean;
  /** The signed-in customer, null when signed out (a 401, never retried), undefined until known or on failure. */
  user: CurrentUser | null | undefined;
  error: Error | null;
}

/**
 * The landing page's one API read, GET /api/user, with the customer screens' rules (mf-customer's useCurrentUser)
 * but without a query client: the landing page is the shell's, and the query client loads with the remotes.
 */
export function useSignedInUser(): SignedInUser {
  const [state, setState] = useState<SignedInUser>({ isLoading: true, user: undefined, error: null });
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    const attempt = (retriesLeft: number) =>
      apiClient.callOr401<GetUser>(GET_USER).then(
        (user) => !cancelled && setState({ isLoading: false, user, error: null }),
        (error: unknown) => {
          if (cancelled) return;
          if (retriesLeft > 0) timer = setTimeout(() => attempt(retriesLeft - 1), USER_RETRY_DELAY_MS);
          else
            setState({
              isLoading: false,
              user: undefined,
              error: error instanceof Error ? error : new Error(String(error)),
            });
        },
      );
    void attempt(USER_RETRIES);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, []);
  return state;
}
