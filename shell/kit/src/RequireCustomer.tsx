import { createContext, useContext, useEffect, type ReactElement, type ReactNode } from 'react';
import { useQuery, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from '@groupflow/shell-kit/router';
import { API, type PublicCustomerWire } from '@groupflow/core/contracts';
import { apiClient } from './client.ts';
import { endpointKey } from './endpointKey.ts';
import { QueryView } from './QueryView.tsx';

/** Spec 1 section 7: GET /api/user retries a failure (never a 401) once, after 1 s. */
const USER_RETRIES = 1;
const USER_RETRY_DELAY_MS = 1000;

/**
 * GET /api/user as every customer screen reads it: the signed-in customer, or null when signed out (a 401, never
 * retried); other failures retry `retries` times, 1 s apart. Its key is the endpoint's, so a sign-out that clears
 * or invalidates it reaches every screen.
 */
export function useCurrentCustomer(retries = USER_RETRIES): UseQueryResult<PublicCustomerWire | null> {
  return useQuery({
    queryKey: endpointKey(API.customer.getUser),
    queryFn: () => apiClient.callOr401(API.customer.getUser),
    retry: retries,
    retryDelay: USER_RETRY_DELAY_MS,
  });
}

/**
 * Records in `client` that no customer is signed in, as GET /api/user would answer, for a page whose first
 * paint was drawn signed out because the visit carried no session cookie (issue 28): the screens draw their
 * signed-out view at once, as that first paint shows it, instead of a loading state.
 */
export function primeSignedOutCustomer(client: QueryClient): void {
  client.setQueryData(endpointKey(API.customer.getUser), null);
}

const CustomerContext = createContext<PublicCustomerWire | null>(null);

/** The signed-in customer inside a RequireCustomer. */
export function useCustomer(): PublicCustomerWire {
  const customer = useContext(CustomerContext);
  if (!customer) throw new Error('useCustomer must be used inside RequireCustomer');
  return customer;
}

/** Leaves for `to` (replacing the history entry) after `delayMs`, showing `children` meanwhile. */
function RedirectAfter({ to, delayMs, children }: { to: string; delayMs: number; children: ReactNode }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(to, { replace: true }), delayMs);
    return () => clearTimeout(timer);
  }, [navigate, to, delayMs]);
  return children;
}

export interface RequireCustomerProps {
  /** The screen, given the signed-in customer (also readable below with useCustomer). */
  children: ReactNode | ((customer: PublicCustomerWire) => ReactNode);
  /** Shown when signed out: a sign-in prompt. With `redirectTo`, shown until the redirect happens. */
  signedOut?: ReactNode;
  /** Where a signed-out visitor is sent (replacing the history entry); at once unless `redirectDelayMs` says. */
  redirectTo?: string;
  redirectDelayMs?: number;
  /** While GET /api/user answers: a spinner label or an element. */
  loading?: string | ReactElement;
  /** When GET /api/user fails (not a 401) after its retries; Retry asks again. */
  error?: ReactNode;
  /** The Retry button's label, where the screen's spec words it. */
  retryLabel?: string;
  /** Retries of a failed GET /api/user (spec 1 section 7: one, the customer dashboard two). */
  retries?: number;
}

/**
 * The customer twin of the staff session hook, as a route element: loading while GET /api/user answers, the
 * sign-in prompt or a redirect when signed out, the screen with the customer when signed in.
 */
export function RequireCustomer({
  children,
  signedOut = null,
  redirectTo,
  redirectDelayMs,
  loading,
  error,
  retryLabel,
  retries,
}: RequireCustomerProps) {
  const user = useCurrentCustomer(retries);
  const whenSignedOut =
    redirectTo === undefined ? (
      signedOut
    ) : (
      <RedirectAfter to={redirectTo} delayMs={redirectDelayMs ?? 0}>
        {signedOut}
      </RedirectAfter>
    );
  return (
    <QueryView
      query={user}
      loading={loading}
      error={error}
      retryLabel={retryLabel}
      isEmpty={(customer) => customer === null}
      empty={whenSignedOut}
    >
      {(customer) =>
        // isEmpty took the signed-out null.
        customer && (
          <CustomerContext.Provider value={customer}>
            {typeof children === 'function' ? children(customer) : children}
          </CustomerContext.Provider>
        )
      }
    </QueryView>
  );
}
