import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { apiRequest, HttpError, STAFF_TOKEN_KEY, STAFF_USER_KEY, type HttpMethod } from '@groupflow/shell-kit';
import { parseStoredUser, type StaffUser } from './staffUser.ts';

export function clearStaffSession(): void {
  localStorage.removeItem(STAFF_TOKEN_KEY);
  localStorage.removeItem(STAFF_USER_KEY);
}

export function storeStaffSession(user: StaffUser, token?: string): void {
  if (token) localStorage.setItem(STAFF_TOKEN_KEY, token);
  localStorage.setItem(STAFF_USER_KEY, JSON.stringify(user));
}

/** The signed-in user from storage, or null after clearing whatever half-session was there. */
export function readStaffSession(): StaffUser | null {
  const token = localStorage.getItem(STAFF_TOKEN_KEY);
  const user = parseStoredUser(localStorage.getItem(STAFF_USER_KEY));
  if (token && user) return user;
  clearStaffSession();
  return null;
}

/**
 * Staff calls for the signed-in screens: any 401 (expired, revoked, terminated) clears storage and returns to
 * /staff-login, so no screen keeps showing data of a session the server no longer honours.
 */
export function useStaffApi() {
  const navigate = useNavigate();
  return useCallback(
    async <T>(path: string, method: HttpMethod = 'GET', body?: unknown): Promise<T> => {
      try {
        const response = await apiRequest(path, method, body);
        return (response.status === 204 ? undefined : await response.json()) as T;
      } catch (error) {
        if (error instanceof HttpError && error.status === 401) {
          clearStaffSession();
          navigate('/staff-login', { replace: true });
        }
        throw error;
      }
    },
    [navigate],
  );
}

/** The stored user (kept in state so clock in/out can replace it), or null while redirecting to the login page. */
export function useStaffUser(): [StaffUser | null, (user: StaffUser) => void] {
  const [user, setUserState] = useState<StaffUser | null>(readStaffSession);
  const setUser = useCallback((next: StaffUser) => {
    storeStaffSession(next);
    setUserState(next);
  }, []);
  return [user, setUser];
}

/** Server message of a failed call, for toasts' descriptions. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof HttpError ? error.serverMessage : undefined;
}
