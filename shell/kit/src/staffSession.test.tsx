import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createQueryClient } from './queryClient.ts';
import { STAFF_TOKEN_KEY, STAFF_USER_KEY } from './request.ts';
import { API, STAFF_SIGNED_IN_COOKIE } from '@groupflow/core/contracts';
import { useApiCall } from './endpointQuery.ts';
import {
  clearStaffSession,
  parseStoredStaffUser,
  readStaffSession,
  storeStaffSession,
  useStaffSession,
} from './staffSession.ts';
import { fixture, json, staffUserWire } from './testing.tsx';
import { ToastContext, type ToastInput } from './toast.tsx';

const stored = { id: 1, username: 'ada', role: 'customer_support', email: 'ada@example.test' };
let answer: () => Response;
let toasts: ToastInput[];

beforeEach(() => {
  localStorage.clear();
  toasts = [];
  answer = () =>
    json(
      fixture(API.staff.validateToken, {
        ...staffUserWire({ id: 1, username: 'ada', role: 'customer_support_director' }),
        mustEnrollMfa: false,
        permissions: [],
      }),
    );
  vi.stubGlobal('fetch', async () => answer());
});
afterEach(() => vi.unstubAllGlobals());

function Screen() {
  const { user, verified } = useStaffSession();
  const call = useApiCall();
  return (
    <div>
      <p>{user ? `${user.username} ${user.role} ${verified ? 'verified' : 'unverified'}` : 'no user'}</p>
      <button type="button" onClick={() => void call(API.staff.listStaff).catch(() => undefined)}>
        Load
      </button>
    </div>
  );
}

const renderAt = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastContext.Provider value={(toast) => toasts.push(toast)}>
        <MemoryRouter initialEntries={['/staff-dashboard']}>
          <Routes>
            <Route path="/staff-dashboard" element={<Screen />} />
            <Route path="/staff-login" element={<p>Login page</p>} />
          </Routes>
        </MemoryRouter>
      </ToastContext.Provider>
    </QueryClientProvider>,
  );

describe('the staff marker cookie', () => {
  const marker = () => document.cookie.split('; ').includes(`${STAFF_SIGNED_IN_COOKIE}=1`);

  it('is set with the stored token and cleared with the session, so the server can tell a staff visit apart', () => {
    storeStaffSession(stored);
    expect(marker()).toBe(false);
    storeStaffSession(stored, 'token-1');
    expect(marker()).toBe(true);
    expect(localStorage.getItem(STAFF_TOKEN_KEY)).toBe('token-1');
    clearStaffSession();
    expect(marker()).toBe(false);
  });
});

describe('parseStoredStaffUser', () => {
  it('rejects missing, unreadable and role-less values and reads a stored user', () => {
    expect(parseStoredStaffUser(null)).toBeNull();
    expect(parseStoredStaffUser('{not json')).toBeNull();
    expect(parseStoredStaffUser(JSON.stringify({ id: 1, username: 'a', role: 'human_resources' }))).toBeNull();
    expect(parseStoredStaffUser(JSON.stringify(stored))).toEqual(stored);
  });

  it('clears a half session', () => {
    localStorage.setItem(STAFF_USER_KEY, JSON.stringify(stored));
    expect(readStaffSession()).toBeNull();
    expect(localStorage.getItem(STAFF_USER_KEY)).toBeNull();
  });
});

describe('useStaffSession', () => {
  it('sends a visitor without a session to the login page', async () => {
    renderAt();
    await screen.findByText('Login page');
  });

  it('shows the stored user at once, then the server’s answer', async () => {
    localStorage.setItem(STAFF_TOKEN_KEY, 'tok');
    localStorage.setItem(STAFF_USER_KEY, JSON.stringify(stored));
    renderAt();
    screen.getByText('ada customer_support unverified');
    await screen.findByText('ada customer_support_director verified');
    expect(JSON.parse(localStorage.getItem(STAFF_USER_KEY)!).role).toBe('customer_support_director');
  });

  it('ends a session the server refuses with "Session expired"', async () => {
    localStorage.setItem(STAFF_TOKEN_KEY, 'revoked');
    localStorage.setItem(STAFF_USER_KEY, JSON.stringify(stored));
    answer = () => new Response('{"message":"Invalid token"}', { status: 401 });
    renderAt();
    await screen.findByText('Login page');
    expect(localStorage.getItem(STAFF_TOKEN_KEY)).toBeNull();
    expect(toasts).toEqual([{ title: 'Session expired', description: 'Please log in again', variant: 'destructive' }]);
  });

  it('ends the session when a later staff call answers 401', async () => {
    localStorage.setItem(STAFF_TOKEN_KEY, 'tok');
    localStorage.setItem(STAFF_USER_KEY, JSON.stringify(stored));
    renderAt();
    await screen.findByText('ada customer_support_director verified');
    answer = () => new Response('{"message":"Token revoked"}', { status: 401 });
    screen.getByRole('button', { name: 'Load' }).click();
    await screen.findByText('Login page');
    await waitFor(() => expect(toasts).toHaveLength(1));
  });
});
