import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STAFF_TOKEN_KEY, STAFF_USER_KEY } from '@groupflow/shell-kit';
import { API } from '@groupflow/core/contracts';
import {
  errorResponse,
  fixture,
  json,
  renderScreen,
  staffUserWire,
  stubFetch,
  type FetchCall,
} from '@groupflow/shell-kit/testing';
import StaffLogin from './StaffLogin.tsx';

const HEALTH = fixture(API.diagnostics.getHealth, {
  status: 'ok',
  database: 'connected',
  recovery: { state: 'stable', failedChecks: 0, since: null, lastError: null },
  checkedAt: '2026-01-01T00:00:00.000Z',
  probeMs: 1,
});
/** The member as a sign-in answers with them: the staff user plus their session's extras. */
const USER = {
  ...staffUserWire({ id: 7, username: 'carla', role: 'customer_support' }),
  mustEnrollMfa: false,
  permissions: [],
};
const signedIn = (user: Partial<typeof USER> = {}) =>
  json(fixture(API.staff.loginStaff, { token: 'tok', user: { ...USER, ...user } }));

/** Health answers everywhere; `answer` decides the rest. The result lists the calls other than health's. */
const stub = (answer: (call: FetchCall) => Response | Promise<Response>) => {
  const calls = stubFetch((call) => (call.url === '/api/health' ? json(HEALTH) : answer(call)));
  return {
    get sent() {
      return calls.filter((call) => call.url !== '/api/health');
    },
  };
};

const renderLogin = () =>
  renderScreen(<StaffLogin />, { path: '/staff-login', routes: { '/staff-dashboard': <h1>Staff dashboard</h1> } });

type User = ReturnType<typeof userEvent.setup>;
const signIn = async (user: User, email: string, password: string) => {
  await user.type(screen.getByLabelText('Company Email'), email);
  await user.type(screen.getByLabelText('Password'), `${password}{Enter}`);
};

describe('StaffLogin', () => {
  it('sends a member already signed in in this browser on to the dashboard', async () => {
    stub(() => json({}));
    localStorage.setItem(STAFF_TOKEN_KEY, 'tok');
    localStorage.setItem(STAFF_USER_KEY, JSON.stringify(USER));
    renderLogin();
    expect(await screen.findByRole('heading', { name: 'Staff dashboard' })).toBeTruthy();
  });

  it('shows the schema messages beside the fields and sends nothing', async () => {
    const user = userEvent.setup();
    const api = stub(() => json({}));
    renderLogin();
    await signIn(user, 'not-an-email', '123');
    expect(await screen.findByText('Please enter a valid company email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(screen.getByLabelText('Company Email').getAttribute('aria-invalid')).toBe('true');
    expect(api.sent).toHaveLength(0);
  });

  it('logs in with Enter, busy while waiting, then opens the dashboard', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const api = stub(() => new Promise<Response>((resolve) => (release = () => resolve(signedIn()))));
    const { toasts } = renderLogin();
    await signIn(user, 'carla@groupflow.test', 'welcome1');
    const busy = (await screen.findByRole('button', { name: 'Logging in...' })) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    release();
    expect(await screen.findByRole('heading', { name: 'Staff dashboard' })).toBeTruthy();
    expect(api.sent[0]).toMatchObject({
      url: '/api/staff/login',
      method: 'POST',
      body: { email: 'carla@groupflow.test', password: 'welcome1' },
    });
    expect(localStorage.getItem(STAFF_TOKEN_KEY)).toBe('tok');
    expect(toasts).toContainEqual({ title: 'Login successful! Welcome back.', variant: 'success' });
  });

  it("shows a refused login's server message as an alert", async () => {
    const user = userEvent.setup();
    stub(() => errorResponse(401, { code: 'STAFF.INVALID_CREDENTIALS', message: 'Invalid email or password' }));
    renderLogin();
    await signIn(user, 'carla@groupflow.test', 'wrong-pass');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
  });

  it('asks for a new password after a temporary login and checks the repeat before sending', async () => {
    const user = userEvent.setup();
    const api = stub((call) =>
      call.url === '/api/staff/login'
        ? signedIn({ mustChangePassword: true })
        : json(fixture(API.staff.changeStaffPassword, { ...USER, mustChangePassword: false })),
    );
    renderLogin();
    await signIn(user, 'carla@groupflow.test', 'temporary1');
    await screen.findByRole('heading', { name: 'Choose a New Password' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('New Password')));
    await user.type(screen.getByLabelText('New Password'), 'temporary1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'different{Enter}');
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(screen.getByText('Choose a password different from the temporary one')).toBeTruthy();
    expect(api.sent).toHaveLength(1);

    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'carla-own');
    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'carla-own{Enter}');
    expect(await screen.findByRole('heading', { name: 'Staff dashboard' })).toBeTruthy();
    expect(api.sent[1]).toMatchObject({
      url: '/api/staff/change-password',
      body: { currentPassword: 'temporary1', newPassword: 'carla-own' },
    });
  });

  it('requests a reset from its dialog: empty address refused, Escape closes, focus returns', async () => {
    const user = userEvent.setup();
    const api = stub(() => json(fixture(API.support.createPasswordResetTicket, { id: 3 }), 201));
    const { toasts } = renderLogin();
    const opener = screen.getByRole('button', { name: 'Forgot Password?' });
    await user.click(opener);
    screen.getByRole('dialog', { name: 'Password Reset Request' });
    await user.click(screen.getByRole('button', { name: 'Submit Reset Request' }));
    await waitFor(() =>
      expect(toasts).toContainEqual({ title: 'Please enter your email address', variant: 'destructive' }),
    );
    expect(api.sent).toHaveLength(0);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));

    await user.click(opener);
    await user.type(
      screen.getByLabelText('Company Email', { selector: '[role="dialog"] input' }),
      'ada@groupflow.test{Enter}',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent[0]).toMatchObject({
      url: '/api/support/tickets',
      method: 'POST',
      body: { category: 'password_reset', userEmail: 'ada@groupflow.test', userName: 'ada' },
    });
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('asks for the code after a right password of a member with two-factor on, and signs in with it', async () => {
    const user = userEvent.setup();
    const api = stub((call) => {
      if (call.url === '/api/staff/login')
        return json(fixture(API.staff.loginStaff, { mfaRequired: true, mfaToken: 'mfa-1' }));
      const { code } = call.body as { code: string };
      return code === '123456'
        ? json(fixture(API.staff.completeStaffMfaLogin, { token: 'tok', user: { ...USER, mfaEnabled: true } }))
        : errorResponse(401, { code: 'STAFF.MFA_WRONG_CODE', message: 'Invalid authentication code' });
    });
    renderLogin();
    await signIn(user, 'carla@groupflow.test', 'welcome1');
    expect(await screen.findByRole('heading', { name: 'Two-Factor Authentication' })).toBeTruthy();
    expect(localStorage.getItem(STAFF_TOKEN_KEY)).toBeNull();
    await user.type(screen.getByLabelText('Code or recovery code'), '000000{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid authentication code');
    await user.type(screen.getByLabelText('Code or recovery code'), '123456{Enter}');
    expect(await screen.findByRole('heading', { name: 'Staff dashboard' })).toBeTruthy();
    expect(api.sent.at(-1)).toMatchObject({
      url: '/api/staff/login/mfa',
      method: 'POST',
      body: { mfaToken: 'mfa-1', code: '123456' },
    });
    expect(localStorage.getItem(STAFF_TOKEN_KEY)).toBe('tok');
  });

  it('holds a member whose role requires two-factor authentication at the enrolment card', async () => {
    const user = userEvent.setup();
    stub((call) =>
      call.url === '/api/staff/login'
        ? signedIn({ role: 'platform_owner', mustEnrollMfa: true })
        : errorResponse(500, { code: 'SERVER.INTERNAL', message: 'unexpected' }),
    );
    renderLogin();
    await signIn(user, 'carla@groupflow.test', 'welcome1');
    expect(
      await screen.findByText('Your role requires two-factor authentication. Set it up to continue.'),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Staff dashboard' })).toBeNull();
  });
});
