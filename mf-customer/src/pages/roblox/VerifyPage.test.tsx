import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@groupflow/core/contracts';
import { customerWire, fixture, json, renderScreen, stubFetch } from '@groupflow/shell-kit/testing';
import VerifyPage from './VerifyPage.tsx';

const USER = customerWire();
const ME = fixture(API.customer.describeRobloxAccount, {
  id: 1,
  username: 'vera',
  robloxUsername: null,
  robloxId: null,
  isVerified: false,
  currentRoles: [],
  pendingClaim: null,
});
const CLAIM = { robloxId: '9', robloxUsername: 'ObbyQueen', expiresAt: '2030-01-01T00:00:00.000Z' };

describe('VerifyPage link form', () => {
  it('keeps Get Verified Now disabled until a username is typed, then links it with Enter', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const calls = stubFetch((call) => {
      if (call.url === '/api/user') return json(USER);
      if (call.url === '/api/auth/me') return json(ME);
      return new Promise<Response>(
        (resolve) =>
          (release = () =>
            resolve(
              json(
                fixture(API.roblox.linkRobloxAccount, {
                  robloxUsername: 'ObbyQueen',
                  robloxId: '9',
                  isVerified: false,
                  currentRoles: [],
                }),
              ),
            )),
      );
    });
    const { toasts } = renderScreen(<VerifyPage />, { path: '/verify' });
    const username = await screen.findByLabelText('Roblox username');
    expect((screen.getByRole('button', { name: 'Get Verified Now' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(username, '  ObbyQueen {Enter}');
    const busy = (await screen.findByRole('button', { name: 'Verifying...' })) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    release();
    await waitFor(() =>
      expect(toasts).toContainEqual({
        title: 'Account Linked Successfully!',
        description: 'Prove it is yours to finish: put a code in your Roblox profile, or sign in with Roblox.',
        variant: 'success',
      }),
    );
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/user/link-roblox',
      body: { username: 'ObbyQueen' },
    });
  });

  it("shows the server's refusal", async () => {
    const user = userEvent.setup();
    stubFetch((call) =>
      call.url === '/api/user'
        ? json(USER)
        : call.url === '/api/auth/me'
          ? json(ME)
          : json({ message: 'Roblox user not found' }, 404),
    );
    const { toasts } = renderScreen(<VerifyPage />, { path: '/verify' });
    await user.type(await screen.findByLabelText('Roblox username'), 'Nobody{Enter}');
    await waitFor(() => expect(toasts.some((toast) => toast.title === 'Link Failed')).toBe(true));
  });

  it('shows a pending claim beside the proven link, and cancels only the claim after confirmation', async () => {
    const user = userEvent.setup();
    let claim: typeof CLAIM | null = CLAIM;
    const calls = stubFetch((call) => {
      if (call.url === '/api/user') return json(customerWire({ robloxId: '5', robloxUsername: 'FirstAccount' }));
      if (call.url === '/api/auth/me')
        return json(
          fixture(API.customer.describeRobloxAccount, {
            ...ME,
            robloxId: '5',
            robloxUsername: 'FirstAccount',
            isVerified: true,
            currentRoles: ['Builders: Owner'],
            pendingClaim: claim,
          }),
        );
      claim = null;
      return json(fixture(API.roblox.cancelRobloxClaim, { message: 'Pending Roblox account cancelled' }));
    });
    renderScreen(<VerifyPage />, { path: '/verify' });
    expect(
      await screen.findByText('FirstAccount stays linked, with its roles and groups, until then.', { exact: false }),
    ).toBeTruthy();
    expect(screen.getByText('Builders: Owner')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel it' }));
    await waitFor(() => expect(screen.queryByText('Not yet proven')).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/user/roblox/claim',
    ]);
    expect(screen.getByText('FirstAccount')).toBeTruthy();
  });
});

describe('VerifyPage states', () => {
  it('asks a visitor to sign in with Discord', async () => {
    const calls = stubFetch(() => json({ message: 'Not authenticated' }, 401));
    renderScreen(<VerifyPage />, { path: '/verify' });
    expect(await screen.findByText('Sign in with Discord to link your Roblox account.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login with Discord' }).getAttribute('href')).toBe('/auth/discord');
    expect(calls.map((call) => call.url)).toEqual(['/api/user']);
  });

  it('shows a failed GET /api/auth/me with Try again, never the link form; then the page', async () => {
    const user = userEvent.setup();
    let down = true;
    stubFetch((call) => {
      if (call.url === '/api/user') return json(USER);
      return down ? json({ message: 'Database unavailable' }, 503) : json(ME);
    });
    renderScreen(<VerifyPage />, { path: '/verify' });
    expect(await screen.findByText('Failed to load your account.')).toBeTruthy();
    expect(screen.queryByLabelText('Roblox username')).toBeNull();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Roblox username')).toBeTruthy();
  });
});
