import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@groupflow/core/contracts';
import { customerWire, fixture, json, renderScreen, stubFetch } from '@groupflow/shell-kit/testing';
import RobloxLogin from './RobloxLogin.tsx';

const LINKED = customerWire({ robloxId: '9', robloxUsername: 'ObbyQueen' });
const PROFILE = fixture(API.roblox.readRobloxProfile, {
  id: '9',
  username: 'ObbyQueen',
  displayName: 'Obby Queen',
  profileImageUrl: null,
});
const GROUPS = fixture(API.roblox.listUserGroups, [
  {
    groupId: '7',
    name: 'Cafe',
    memberCount: 12,
    description: '',
    owner: null,
    role: { id: '1', name: 'Owner', rank: 255 },
    hasAccess: true,
    connected: true,
  },
]);

describe('RobloxLogin', () => {
  it('is viewable signed out: a visitor gets the Roblox sign-in, and nothing of the groups is asked', async () => {
    const calls = stubFetch(() => json({ message: 'Not authenticated' }, 401));
    renderScreen(<RobloxLogin />, { path: '/roblox-login' });
    expect(await screen.findByRole('button', { name: 'Login with Roblox' })).toBeTruthy();
    expect(calls.map((call) => call.url)).toEqual(['/api/user']);
  });

  it('shows a failed GET /api/user as a failure with Try again, not as the signed-out sign-in', async () => {
    const user = userEvent.setup();
    let down = true;
    stubFetch((call) =>
      call.url === '/api/user' && down ? json({ message: 'Database unavailable' }, 503) : json(customerWire()),
    );
    renderScreen(<RobloxLogin />, { path: '/roblox-login' });
    // GET /api/user retries once, 1 s later, before it fails.
    expect(await screen.findByText('Failed to load your account.', undefined, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Login with Roblox' })).toBeNull();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    // Signed in with no Roblox account: the sign-in.
    expect(await screen.findByRole('button', { name: 'Login with Roblox' })).toBeTruthy();
  });

  it('shows a failed group list with Try again and its toast, never "No Groups Found"; then the groups', async () => {
    const user = userEvent.setup();
    let down = true;
    stubFetch((call) => {
      if (call.url === '/api/user') return json(LINKED);
      if (call.url === '/api/roblox/user') return json(PROFILE);
      if (call.url === '/api/roblox/user/groups')
        return down ? json({ message: 'Roblox is unavailable' }, 502) : json(GROUPS);
      return json({ message: 'Not in this test' }, 404);
    });
    const { toasts } = renderScreen(<RobloxLogin />, { path: '/roblox-login' });
    expect(await screen.findByText('@ObbyQueen')).toBeTruthy();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText('Failed to fetch your Roblox groups. Please try again.')).toBeTruthy();
    expect(screen.queryByText('No Groups Found')).toBeNull();
    expect(toasts).toContainEqual({
      title: 'Error Loading Groups',
      description: 'Failed to fetch your Roblox groups. Please try again.',
      variant: 'destructive',
    });
    down = false;
    await user.click(retry);
    expect(await screen.findByText('Groups You Can Manage (1)')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Failed to fetch your Roblox groups. Please try again.')).toBeNull());
  });

  it('says "No Groups Found" only when the list answered empty', async () => {
    stubFetch((call) => {
      if (call.url === '/api/user') return json(LINKED);
      if (call.url === '/api/roblox/user') return json(PROFILE);
      return json(fixture(API.roblox.listUserGroups, []));
    });
    renderScreen(<RobloxLogin />, { path: '/roblox-login' });
    expect(await screen.findByText('No Groups Found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explore Groups' })).toBeTruthy();
  });
});
