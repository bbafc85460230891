import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from '@groupflow/shell-kit/router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API, isStaffRole, type StaffPermission } from '@groupflow/core/contracts';
import { apiClient } from './client.ts';
import { endpointKey } from './endpointKey.ts';
import {
  HttpError,
  markStaffSignedIn,
  STAFF_LOGIN_PATH,
  STAFF_TOKEN_KEY,
  STAFF_USER_KEY,
  storeStaffToken,
} from './request.ts';
import { useToast } from './toast.tsx';

/**
 * The part of the signed-in staff member every staff screen relies on; the stored object is the full user the
 * login answered with, which each screen reads through its own contract type.
 */
export interface StoredStaffUser {
  id: number;
  username: string;
  role: string;
}

/**
 * Whether the signed-in member may do this, as the server listed it at login or validate-token (issue 26). A
 * stored user from before the list existed may nothing until the session is validated again. What a screen offers,
 * never an authorisation check: the server enforces the permission.
 */
export function may(user: { permissions?: readonly StaffPermission[] } | null, permission: StaffPermission): boolean {
  return user?.permissions?.includes(permission) ?? false;
}

export function clearStaffSession(): void {
  localStorage.removeItem(STAFF_TOKEN_KEY);
  localStorage.removeItem(STAFF_USER_KEY);
  markStaffSignedIn(false);
}

export function storeStaffSession(user: StoredStaffUser, token?: string): void {
  if (token) storeStaffToken(token);
  localStorage.setItem(STAFF_USER_KEY, JSON.stringify(user));
}

/** Reads the stored user; anything unreadable or without a known role counts as no user (spec 2: both are cleared). */
export function parseStoredStaffUser<U extends StoredStaffUser = StoredStaffUser>(raw: string | null): U | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return null;
    const user = value as Partial<StoredStaffUser>;
    if (typeof user.id !== 'number' || typeof user.username !== 'string' || !isStaffRole(user.role)) return null;
    return value as U;
  } catch {
    return null;
  }
}

/** The signed-in user from storage, or null after clearing whatever half-session was there. */
export function readStaffSession<U extends StoredStaffUser = StoredStaffUser>(): U | null {
  const token = globalThis.localStorage?.getItem(STAFF_TOKEN_KEY) ?? null;
  const user = parseStoredStaffUser<U>(globalThis.localStorage?.getItem(STAFF_USER_KEY) ?? null);
  if (token && user) return user;
  if (globalThis.localStorage) clearStaffSession();
  return null;
}

/**
 * Whether a staff member is signed in in this browser, for showing operator-only text (setup help, configuration
 * status): read-only, unlike readStaffSession. Never an authorisation check; the server enforces those.
 */
export function hasStaffSession(): boolean {
  const storage = globalThis.localStorage;
  if (!storage?.getItem(STAFF_TOKEN_KEY)) return false;
  return parseStoredStaffUser(storage.getItem(STAFF_USER_KEY)) !== null;
}

export const isUnauthorized = (error: unknown): boolean => error instanceof HttpError && error.status === 401;

/** Clears the session, says so (spec 2 section 5: 'Session expired') and leaves for the login page. */
export function useSessionExpired(): () => void {
  const navigate = useNavigate();
  const toast = useToast();
  return useCallback(() => {
    clearStaffSession();
    toast({ title: 'Session expired', description: 'Please log in again', variant: 'destructive' });
    navigate(STAFF_LOGIN_PATH, { replace: true });
  }, [navigate, toast]);
}

/** The token is in the key: a new sign-in is checked anew, never answered from the last one's cache. */
const sessionKey = (token: string | null) =>
  endpointKey(API.staff.validateToken, { headers: { Authorization: `Bearer ${token}` } });

export interface StaffSession<U extends StoredStaffUser> {
  /** The stored user, shown at once and replaced by the server's once it answers; null while leaving for login. */
  user: U | null;
  /** Replaces the stored user (clock in/out answers with the updated one). */
  setUser: (user: U) => void;
  /** The bearer token, for event streams, which cannot send the header. */
  token: string | null;
  /** True once the server accepted the token (screens that gate on the role wait for it). */
  verified: boolean;
  /** Call with any failed request's error: a 401 ends the session. Returns whether it did. */
  handleError: (error: unknown) => boolean;
}

/**
 * The one staff session of every staff screen: the stored token and user, checked once with the server
 * (POST /api/staff/validate-token); no token, an unreadable user or any 401 clears storage and returns to
 * /staff-login with 'Session expired'.
 */
export function useStaffSession<U extends StoredStaffUser = StoredStaffUser>(): StaffSession<U> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const expired = useSessionExpired();
  const [user, setUserState] = useState<U | null>(() => readStaffSession<U>());
  const token = user ? (globalThis.localStorage?.getItem(STAFF_TOKEN_KEY) ?? null) : null;
  const validation = useQuery({
    queryKey: sessionKey(token),
    // U is the caller's view of the signed-in member (a subset of the endpoint's answer, or the answer itself).
    queryFn: async () => (await apiClient.call(API.staff.validateToken)) as unknown as U,
    enabled: token !== null,
    retry: false,
  });

  // The server's answer is the truth (a role changed since login): it replaces the stored user.
  useEffect(() => {
    if (!validation.data) return;
    storeStaffSession(validation.data);
    setUserState(validation.data);
  }, [validation.data]);
  useEffect(() => {
    if (user === null) navigate(STAFF_LOGIN_PATH, { replace: true });
  }, [user, navigate]);
  useEffect(() => {
    if (isUnauthorized(validation.error)) expired();
  }, [validation.error, expired]);

  // The cached server answer follows too, or the next screen to mount would bring the old user back.
  // Answers such as clock-in carry the member without the session's extras (permissions): those are kept.
  const setUser = useCallback(
    (next: U) => {
      const merged = { ...readStaffSession<U>(), ...next };
      storeStaffSession(merged);
      setUserState(merged);
      queryClient.setQueryData(sessionKey(token), merged);
    },
    [queryClient, token],
  );
  const handleError = useCallback(
    (error: unknown) => {
      if (!isUnauthorized(error)) return false;
      expired();
      return true;
    },
    [expired],
  );
  return { user, setUser, token, verified: validation.isSuccess, handleError };
}
