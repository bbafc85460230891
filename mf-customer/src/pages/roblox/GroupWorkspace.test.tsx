import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderScreen, stubFetch, type FetchCall } from '@groupflow/shell-kit/testing';
import GroupWorkspace from './GroupWorkspace.tsx';
import { STORAGE } from './workspaceStore.ts';

const SETTINGS = {
  activityTracking: true,
  autoPromotions: false,
  authorizedRoles: ['Owner'],
  themeColor: '#5865f2',
  homeWidgets: [],
  activityKey: 'key',
  activityEndpoint: 'http://x/api/roblox/activity',
};
const RANKS = [
  { rankId: 255, rankName: 'Owner', memberCount: 1, roleId: '1' },
  { rankId: 50, rankName: 'Trainer', memberCount: 3, roleId: '2' },
];

function serve(): FetchCall[] {
  return stubFetch((call) => {
    if (call.url.endsWith('/settings'))
      return json(call.method === 'PUT' ? { ...SETTINGS, ...(call.body as object) } : SETTINGS);
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
