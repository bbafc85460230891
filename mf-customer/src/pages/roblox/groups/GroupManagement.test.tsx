import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, type PublicCustomerWire } from '@groupflow/core/contracts';
import {
  connectedGroupWire,
  customerWire,
  errorResponse,
  fixture,
  json,
  renderScreen,
  stubFetch,
  type FetchCall,
} from '@groupflow/shell-kit/testing';
import GroupManagement from './GroupManagement.tsx';

const USER = customerWire();
const LINKED = customerWire({ robloxId: '9', robloxUsername: 'ObbyQueen' });
const CAFE = connectedGroupWire({
  groupId: '777',
  name: 'Cafe',
  owner: 'ObbyQueen',
  ownerRobloxId: '9',
  createdAt: '2026-11-26T12:00:00.000Z',
});
const PROFILE = fixture(API.roblox.readRobloxProfile, {
  id: '9',
  username: 'ObbyQueen',
  displayName: 'Obby Queen',
  profileImageUrl: null,
});

const serve = (user: PublicCustomerWire, other: (call: FetchCall) => Response | undefined = () => undefined) =>
  stubFetch((call) => {
    if (call.url === '/api/user') return json(user);
    if (call.method === 'GET' && call.url === '/api/roblox/groups')
      return json(fixture(API.roblox.listConnectedGroups, []));
    if (call.method === 'GET' && call.url === '/api/roblox/user/groups')
      return json(fixture(API.roblox.listUserGroups, []));
    // A chosen group opens the workspace, whose sidebar counts the unread notifications.
    if (call.method === 'GET' && call.url === '/api/notifications')
      return json(fixture(API.roblox.listNotifications, []));
    if (call.method === 'GET' && call.url === '/api/roblox/user') return json(PROFILE);
    if (call.method === 'GET' && call.url === '/api/user/servers')
      return json(fixture(API.servers.listUserServers, []));
    return other(call) ?? errorResponse(404, { message: 'Not in this test' });
  });

const STATS = fixture(API.roblox.readGroupStats, {
  totalMembers: 1,
  trackedMembers: 1,
  activeStaff: 1,
  sessionsToday: 0,
  minutesToday: 0,
  pendingApplications: 0,
  trainingSessions: 0,
  lastActivityAt: null,
});

/** The workspace's lists that the application test is not about, each answered empty. */
const EMPTY_WORKSPACE: Record<string, unknown> = {
  '/api/roblox/groups/777/applications': fixture(API.roblox.listApplications, []),
  '/api/roblox/groups/777/sessions': fixture(API.roblox.listSessions, []),
  '/api/roblox/groups/777/activity/sessions': fixture(API.roblox.listActivitySessions, []),
  '/api/roblox/groups/777/feed': fixture(API.roblox.readActivityFeed, []),
};

describe('GroupManagement forms', () => {
  it('links a Roblox account from the link form with Enter', async () => {
    const user = userEvent.setup();
    const calls = serve(USER, (call) =>
      call.url === '/api/user/link-roblox'
        ? json(
            fixture(API.roblox.linkRobloxAccount, {
              robloxUsername: 'ObbyQueen',
              robloxId: '9',
              isVerified: false,
              currentRoles: [],
            }),
          )
        : undefined,
    );
    const { toasts } = renderScreen(<GroupManagement />, { path: '/group-management' });
    const username = await screen.findByLabelText('Roblox username');
    expect((screen.getByRole('button', { name: 'Link Account' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(username, 'ObbyQueen{Enter}');
    await waitFor(() => expect(toasts).toContainEqual({ title: 'Roblox Account Linked!', variant: 'success' }));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ username: 'ObbyQueen' });
  });

  it('adds a group from its dialog: a bad id is refused with a toast, a good one sent with the chosen flags', async () => {
    const user = userEvent.setup();
    const calls = serve(LINKED, (call) =>
      call.method === 'POST' && call.url === '/api/roblox/groups'
        ? json(fixture(API.roblox.connectGroup, { ...CAFE, groupId: '15567637', activityKey: 'gf_act_key' }))
        : undefined,
    );
    const { toasts } = renderScreen(<GroupManagement />, { path: '/group-management' });
    const opener = await screen.findByRole('button', { name: 'Add Group' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Add Roblox Group' });
    await user.click(screen.getByRole('button', { name: 'Add Group' }));
    await waitFor(() =>
      expect(toasts).toContainEqual({
        title: 'Invalid Group ID',
        description: 'Please enter a valid Roblox Group ID.',
        variant: 'destructive',
      }),
    );
    expect(dialog.querySelector('.field-error')?.textContent).toBe('Please enter a valid Roblox Group ID.');
    await user.click(screen.getByRole('switch', { name: 'Quota system' }));
    await user.type(screen.getByLabelText('Group ID'), '15567637{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/roblox/groups',
      body: { groupId: '15567637', activityTracking: true, autoRank: false, quotaSystem: true, rankPermissions: [] },
    });
    expect(toasts).toContainEqual({ title: 'Group Added Successfully', variant: 'success' });
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('records an application once both fields have text, then empties the form', async () => {
    const user = userEvent.setup();
    const calls = serve(LINKED, (call) =>
      call.url.endsWith('/stats')
        ? json(STATS)
        : call.url === '/api/roblox/groups/777'
          ? json(CAFE)
          : call.method === 'POST'
            ? json(
                fixture(API.roblox.createApplication, {
                  id: 1,
                  applicantName: 'Guest',
                  desiredRank: 'Member',
                  status: 'pending',
                  createdAt: '2026-11-26T12:00:00.000Z',
                }),
              )
            : call.url in EMPTY_WORKSPACE
              ? json(EMPTY_WORKSPACE[call.url])
              : undefined,
    );
    renderScreen(<GroupManagement />, { path: '/group-management?group=777' });
    // The group's view is the workspace (issue 26): its sections are the sidebar's buttons.
    await user.click(await screen.findByRole('button', { name: 'Applications' }));
    const applicant = await screen.findByLabelText('Applicant name');
    const add = screen.getByRole('button', { name: 'Add application' }) as HTMLButtonElement;
    await user.type(applicant, 'Guest');
    expect(add.disabled).toBe(true);
    await user.type(screen.getByLabelText('Desired rank'), 'Member{Enter}');
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/roblox/groups/777/applications',
      body: { applicantName: 'Guest', desiredRank: 'Member' },
    });
    await waitFor(() => expect((screen.getByLabelText('Applicant name') as HTMLInputElement).value).toBe(''));
  });
});

describe('GroupManagement group picker', () => {
  it('picks a group from the kit Select by keyboard, and goes back to all groups', async () => {
    const user = userEvent.setup();
    serve(LINKED);
    renderScreen(<GroupManagement />, { path: '/group-management' });
    const picker = await screen.findByRole('combobox', { name: 'Group' });
    expect(picker.textContent).toContain('All groups');
    picker.focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('option', { name: 'Demo Group' }));
    const demoGroup = /Connect one of your groups to see its members/;
    await screen.findByText(demoGroup);
    expect(screen.getByRole('combobox', { name: 'Group' }).textContent).toContain('Demo Group');

    screen.getByRole('combobox', { name: 'Group' }).focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('option', { name: 'All groups' }));
    await screen.findByText('Your Roblox Groups');
    expect(screen.queryByText(demoGroup)).toBeNull();
  });
});

describe('GroupManagement connected groups', () => {
  it('shows a failed list as the connection error with Try again, not as the demo group; then the groups', async () => {
    const user = userEvent.setup();
    let down = true;
    stubFetch((call) => {
      if (call.url === '/api/user') return json(LINKED);
      if (call.url === '/api/roblox/groups')
        return down
          ? json({ message: 'Database unavailable' }, 503)
          : json(fixture(API.roblox.listConnectedGroups, [CAFE]));
      if (call.url === '/api/roblox/user/groups') return json(fixture(API.roblox.listUserGroups, []));
      return json(fixture(API.servers.listUserServers, []));
    });
    renderScreen(<GroupManagement />, { path: '/group-management' });
    const card = (await screen.findByRole('heading', { name: 'Connected Groups' })).closest('section')!;
    expect(
      await within(card).findByText('API Connection Error: Unable to load group data. Please try refreshing the page.'),
    ).toBeTruthy();
    expect(within(card).queryByText('Demo Group')).toBeNull();
    down = false;
    await user.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByText('Cafe')).toBeTruthy();
    expect(within(card).queryByText(/API Connection Error/)).toBeNull();
  });
});
