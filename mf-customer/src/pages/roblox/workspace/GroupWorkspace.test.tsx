import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  connectedGroupWire,
  customerWire,
  fixture,
  json,
  renderScreen,
  stubFetch,
  type FetchCall,
} from '@groupflow/shell-kit/testing';
import { API, DEFAULT_THEME_COLOR } from '@groupflow/core/contracts';
import GroupWorkspace from './GroupWorkspace.tsx';
import { STORAGE } from '../workspaceStore.ts';

const SETTINGS = fixture(API.roblox.readWorkspaceSettings, {
  activityTracking: true,
  quotaSystem: false,
  autoPromotions: false,
  automationRanks: [],
  canChangeAutomation: true,
  canChooseAutomationRanks: true,
  authorizedRoles: ['Owner'],
  themeColor: DEFAULT_THEME_COLOR,
  homeWidgets: [],
  sessionReminderMinutes: 0,
  activityKeyPrefix: 'gfa_Ab12',
  activityEndpoint: 'http://x/api/roblox/activity',
});
const NEW_KEY = 'gfa_New1xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx';
const RANKS = fixture(API.roblox.listGroupRanks, [
  { rankId: 255, rankName: 'Owner', memberCount: 1, roleId: '1' },
  { rankId: 50, rankName: 'Trainer', memberCount: 3, roleId: '2' },
]);

const SIGNED_IN = customerWire({ username: 'vera', robloxId: '9', robloxUsername: 'VeraBuilds' });
const GROUP = connectedGroupWire({
  groupId: '777',
  name: 'Obby Makers',
  owner: 'QuinnOwner',
  ownerRobloxId: '1',
  ownerDisplayName: 'Quinn',
  createdAt: '2026-11-26T12:00:00.000Z',
});

function serve(): FetchCall[] {
  return stubFetch((call) => {
    if (call.url === '/api/user') return json(SIGNED_IN);
    if (call.url === '/api/roblox/user')
      return json(
        fixture(API.roblox.readRobloxProfile, {
          id: '9',
          username: 'VeraBuilds',
          displayName: 'Vera B',
          profileImageUrl: null,
        }),
      );
    if (call.url === '/api/roblox/groups') return json(fixture(API.roblox.listConnectedGroups, []));
    if (call.url === '/api/roblox/groups/777') return json(GROUP);
    if (call.url.endsWith('/settings')) {
      if (call.method !== 'PUT') return json(SETTINGS);
      const { rotateActivityKey, ...changes } = call.body as { rotateActivityKey?: boolean };
      return json(
        fixture(API.roblox.updateWorkspaceSettings, {
          ...SETTINGS,
          ...changes,
          ...(rotateActivityKey ? { activityKeyPrefix: 'gfa_New1', activityKey: NEW_KEY } : {}),
        }),
      );
    }
    if (call.url.endsWith('/ranks')) return json(RANKS);
    return json({ message: 'Not in this test' }, 404);
  });
}

describe('GroupWorkspace access control form', () => {
  it("adds only one of the group's role names, with Enter, and empties the field", async () => {
    const user = userEvent.setup();
    localStorage.setItem(STORAGE.selectedGroup, JSON.stringify({ id: '777', groupId: '777', name: 'Obby Makers' }));
    const calls = serve();
    renderScreen(<GroupWorkspace />, { path: '/group-workspace' });
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    const role = await screen.findByLabelText('Role name');
    const add = screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    await user.type(role, 'Owner');
    expect(add.disabled).toBe(true);
    await user.clear(role);
    await user.type(role, 'Janitor');
    expect(add.disabled).toBe(true);
    await user.clear(role);
    await user.type(role, ' Trainer {Enter}');
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      url: '/api/roblox/groups/777/settings',
      body: { authorizedRoles: ['Owner', 'Trainer'] },
    });
    await waitFor(() => expect((screen.getByLabelText('Role name') as HTMLInputElement).value).toBe(''));
  });
});

describe('GroupWorkspace activity key (issue 23)', () => {
  it('shows only the first characters, and after a confirmed rotation the new key once, with Copy', async () => {
    const user = userEvent.setup();
    localStorage.setItem(STORAGE.selectedGroup, JSON.stringify({ id: '777', groupId: '777', name: 'Obby Makers' }));
    const calls = serve();
    const { unmount } = renderScreen(<GroupWorkspace />, { path: '/group-workspace' });
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    expect((await screen.findByTestId('activity-key-prefix')).textContent).toBe('gfa_Ab12…');
    expect(screen.getByTestId('tracking-script').textContent).toContain('PASTE-YOUR-ACTIVITY-KEY-HERE');
    expect(screen.queryByTestId('activity-key')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Rotate key' }));
    // Nothing is sent until the confirmation; Cancel has the focus.
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate key' }));
    expect((await screen.findByTestId('activity-key')).textContent).toBe(NEW_KEY);
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ rotateActivityKey: true });
    expect(screen.getByTestId('tracking-script').textContent).toContain(`"${NEW_KEY}"`);
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(writeText).toHaveBeenCalledWith(NEW_KEY);

    // Shown once: a new visit of the screen reads the first characters only.
    unmount();
    renderScreen(<GroupWorkspace />, { path: '/group-workspace' });
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    await screen.findByTestId('activity-key-prefix');
    expect(screen.queryByTestId('activity-key')).toBeNull();
  });
});

describe('GroupWorkspace, the one workspace (issue 26)', () => {
  it('greets the signed-in user, not the group owner, and leads back to the groups list', async () => {
    serve();
    renderScreen(<GroupWorkspace />, { path: '/group-workspace?group=777' });
    await screen.findByRole('heading', { name: 'Welcome back, Vera B' });
    expect(screen.queryByText(/Quinn/)).toBeNull();
    expect(screen.getByRole('link', { name: '← Back to Groups' }).getAttribute('href')).toBe('/group-management');
    expect(screen.getByText('Obby Makers')).toBeTruthy();
  });

  it('shows the group the URL names over the one stored by the group picker', async () => {
    localStorage.setItem(STORAGE.selectedGroup, JSON.stringify({ id: '555', groupId: '555', name: 'Old Pick' }));
    const calls = serve();
    renderScreen(<GroupWorkspace />, { path: '/group-workspace?group=777' });
    await screen.findByText('Obby Makers');
    expect(calls.some((call) => call.url.startsWith('/api/roblox/groups/555'))).toBe(false);
    expect(calls.some((call) => call.url === '/api/roblox/groups/777/stats')).toBe(true);
  });

  it('asks a signed-out visitor to sign in', async () => {
    stubFetch(() => json({ message: 'Not signed in' }, 401));
    renderScreen(<GroupWorkspace />, { path: '/group-workspace?group=777' });
    await screen.findByRole('heading', { name: 'Authentication Required' });
  });
});

describe('GroupWorkspace home figures', () => {
  it('shows failed figures as a failure with Try again, not as figure cards with dashes', async () => {
    localStorage.setItem(STORAGE.selectedGroup, JSON.stringify({ id: '777', groupId: '777', name: 'Obby Makers' }));
    // serve() answers the group's stats with a 404.
    serve();
    renderScreen(<GroupWorkspace />, { path: '/group-workspace' });
    expect(await screen.findByText('Failed to load the workspace figures.')).toBeTruthy();
    expect(screen.queryByText('Total Members')).toBeNull();
  });
});
