import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from '@groupflow/shell-kit/router';
import { useToast } from '@groupflow/shell-kit';
import { apiRequest, getQueryFn } from '@groupflow/shell-kit/deprecated';
import { loginErrorMessage } from '@groupflow/core/contracts';
import type { PublicCustomerWire as CurrentUser } from '@groupflow/core/contracts';

export const USER_KEY = ['/api/user'] as const;

/**
 * GET /api/user as spec 1 section 7 asks: a 401 is "signed out" (null, never retried); other failures retry
 * once after 1 s (the customer dashboard asks for 2).
 */
export function useCurrentUser(retries = 1) {
  return useQuery<CurrentUser | null>({
    queryKey: USER_KEY,
    queryFn: getQueryFn<CurrentUser>({ on401: 'returnNull' }),
    retry: retries,
    retryDelay: 1000,
  });
}

/** POST /auth/logout, then the spec's toast, a cleared cache and the landing page. */
export function useLogout(): () => Promise<void> {
  const toast = useToast();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await apiRequest('/auth/logout', 'POST');
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
