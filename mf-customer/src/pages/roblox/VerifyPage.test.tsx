import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { customerWire, json, renderScreen, stubFetch } from '@groupflow/shell-kit/testing';
import VerifyPage from './VerifyPage.tsx';

const USER = customerWire();
const ME = { id: 1, username: 'vera', robloxUsername: null, robloxId: null, isVerified: false, currentRoles: [] };

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
            resolve(json({ robloxUsername: 'ObbyQueen', robloxId: '9', isVerified: false, currentRoles: [] }))),
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
        description: 'Your Roblox account has been connected to GroupFlow.',
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
});
