import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { apiJson, HttpError, STAFF_TOKEN_KEY, useToast } from '@groupflow/shell-kit';
import { clearStaffSession } from '../../staff/session.ts';
import type { StaffUser } from '../../staff/staffUser.ts';

/** Leaves for the login page after clearing the stored session (spec 2 section 5: "Session expired"). */
export function useSessionExpired(): () => void {
  const navigate = useNavigate();
  const toast = useToast();
  return useCallback(() => {
    clearStaffSession();
    toast({ title: 'Session expired', description: 'Please log in again', variant: 'destructive' });
    navigate('/staff-login', { replace: true });
  }, [navigate, toast]);
}

/**
 * The logged-in staff member, checked with the server; no token or a refused one leads to the login page.
 * `token` is returned for the event stream, which cannot send the header.
 */
export function useStaffSession(): { user: StaffUser | undefined; token: string | null } {
  const token = localStorage.getItem(STAFF_TOKEN_KEY);
  const navigate = useNavigate();
  const expired = useSessionExpired();
  const session = useQuery({
    queryKey: ['staff-session', token],
    queryFn: () => apiJson<StaffUser>('/api/staff/validate-token', 'POST'),
    enabled: token !== null,
    retry: false,
    staleTime: 60_000,
  });
  useEffect(() => {
    if (token === null) navigate('/staff-login', { replace: true });
    else if (session.error instanceof HttpError && session.error.status === 401) expired();
  }, [token, session.error, navigate, expired]);
  return { user: session.data, token };
}
