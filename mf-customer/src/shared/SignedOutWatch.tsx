import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@groupflow/shell-kit/router';
import { endpointUrl, signedOutState, useCurrentCustomer, useEventStream } from '@groupflow/shell-kit';
import { API, CUSTOMER_SIGNED_OUT_EVENT } from '@groupflow/core/contracts';
import { USER_KEY } from './session.ts';

const SIGNED_OUT_EVENTS = [CUSTOMER_SIGNED_OUT_EVENT] as const;

/**
 * While a customer is signed in, holds their session's event stream open (GET /api/user/events). When staff ban
 * the account, the stream says so: every screen forgets the customer, and the tab leaves the signed-in pages for the
 * landing page, where the customer reads "You have been signed out: <reason>" (SignedOutNotice) instead of a bare
 * sign-in error.
 */
export function SignedOutWatch() {
  const customer = useCurrentCustomer();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const onEvent = useCallback(
    (_type: string, data: unknown) => {
      const reason = String((data as { reason?: unknown }).reason ?? '');
      queryClient.clear();
      queryClient.setQueryData(USER_KEY, null);
      void navigate('/', { replace: true, state: signedOutState(reason) });
    },
    [queryClient, navigate],
  );

  const signedIn = Boolean(customer.data);
  useEventStream(signedIn ? endpointUrl(API.customer.userEvents) : null, SIGNED_OUT_EVENTS, onEvent);
  return null;
}
