import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@groupflow/core/contracts';
import { STAFF_TOKEN_KEY, STAFF_USER_KEY } from '@groupflow/shell-kit';
import {
  errorResponse,
  fixture,
  json,
  renderScreen,
  staffUserWire,
  stubFetch,
  type FetchCall,
} from '@groupflow/shell-kit/testing';
import { STAFF_ERROR_TEXTS } from '../errorTexts.ts';
import ManageUsers from './ManageUsers.tsx';

const OWNER = staffUserWire({ id: 1, username: 'owner', role: 'platform_owner' });
const CARLA = staffUserWire({ id: 7, username: 'carla', role: 'customer_support' });
const SESSION = fixture(API.staff.validateToken, { ...OWNER, mustEnrollMfa: false, permissions: [] });

/** A signed-in platform owner; `staff` answers GET /api/staff/all, `other` the rest. */
const serve = (staff: () => Response, other: (call: FetchCall) => Response = () => json({})) => {
  localStorage.setItem(STAFF_TOKEN_KEY, 'tok');
  localStorage.setItem(STAFF_USER_KEY, JSON.stringify(OWNER));
  return stubFetch((call) => {
    if (call.url === '/api/staff/validate-token') return json(SESSION);
    if (call.url === '/api/staff/all') return staff();
    return other(call);
  });
};

const renderManageUsers = () =>
  renderScreen(<ManageUsers />, {
    path: '/manage-users',
    routes: { '/staff-login': <h1>Staff login</h1> },
    errorTexts: STAFF_ERROR_TEXTS,
  });

describe('ManageUsers', () => {
  it('says the list failed, with a Retry, never "No users yet."', async () => {
    const user = userEvent.setup();
    let fail = true;
    serve(() =>
      fail
        ? errorResponse(500, { code: 'SERVER.INTERNAL', message: 'Internal server error' })
        : json(fixture(API.staff.listStaff, [OWNER, CARLA])),
    );
    renderManageUsers();
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch staff users');
    expect(screen.queryByText('No users yet.')).toBeNull();
    expect(screen.queryByText('User Summary')).toBeNull();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('carla')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a taken email under its field and in the failure toast', async () => {
    const user = userEvent.setup();
    const calls = serve(
      () => json(fixture(API.staff.listStaff, [OWNER, CARLA])),
      () =>
        errorResponse(400, {
          code: 'STAFF.EMAIL_TAKEN',
          message: 'A staff member with this email already exists',
          issues: [{ path: ['email'], message: 'A staff member with this email already exists' }],
        }),
    );
    const { toasts } = renderManageUsers();
    await screen.findByText('carla');
    await user.click(screen.getByRole('button', { name: 'Add New User' }));
    await user.type(screen.getByLabelText('Username'), 'dora');
    await user.type(screen.getByLabelText('Email'), 'carla@groupflow.test');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await user.click(screen.getByRole('button', { name: 'Create User' }));

    await waitFor(() => expect(calls.some((call) => call.url === '/api/staff/create')).toBe(true));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('A staff member with this email already exists').length).toBeGreaterThan(0);
    expect(toasts).toContainEqual({
      title: 'Failed to create user',
      description: 'A staff member with this email already exists',
      variant: 'destructive',
    });
    expect(screen.getByRole('dialog', { name: 'Add New User' })).toBeTruthy();
  });

  it('ends the session when the staff list answers 401', async () => {
    serve(() => errorResponse(401, { code: 'STAFF.TOKEN_INVALID', message: 'Invalid token' }));
    const { toasts } = renderManageUsers();
    expect(await screen.findByRole('heading', { name: 'Staff login' })).toBeTruthy();
    expect(localStorage.getItem(STAFF_TOKEN_KEY)).toBeNull();
    expect(toasts.filter((toast) => toast.title === 'Session expired')).toHaveLength(1);
  });
});
