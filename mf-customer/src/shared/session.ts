import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from '@groupflow/shell-kit/router';
import { apiClient, endpointKey, useCurrentCustomer, useToast } from '@groupflow/shell-kit';
import { API, loginErrorMessage } from '@groupflow/core/contracts';

/** The signed-in customer's query key, the kit's for GET /api/user: invalidating it reaches every RequireCustomer. */
export const USER_KEY = endpointKey(API.customer.getUser);

/**
 * GET /api/user as spec 1 section 7 asks: a 401 is "signed out" (null, never retried); other failures retry
 * once after 1 s (the customer dashboard asks for 2). The kit's, for screens that also show something signed out.
 */
export const useCurrentUser = useCurrentCustomer;

/** POST /auth/logout, then the spec's toast, a cleared cache and the landing page. */
export function useLogout(): () => Promise<void> {
  const toast = useToast();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await apiClient.call(API.customer.logout);
      queryClient.clear();
      toast({ title: 'Logged Out', description: 'You have been successfully logged out.' });
      navigate('/');
    } catch {
      toast({ title: 'Logout Error', description: 'Failed to log out. Please try again.', variant: 'destructive' });
    }
  };
}

/** Reads ?error= left by a failed sign-in, shows the "Login Failed" toast of spec 1 section 8, then drops it. */
export function useLoginErrorToast(): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const toast = useToast();
  const error = searchParams.get('error');
  useEffect(() => {
    if (!error) return;
    console.error('Sign-in failed:', error);
    toast({ title: 'Login Failed', description: loginErrorMessage(error), variant: 'destructive' });
    setSearchParams(
      (params) => {
        params.delete('error');
        return params;
      },
      { replace: true },
    );
  }, [error, setSearchParams, toast]);
}
