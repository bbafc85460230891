import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@groupflow/core/contracts';
import { fixture, json, renderScreen, stubFetch } from '@groupflow/shell-kit/testing';
import { MembersTab } from './MembersTab.tsx';
import { OpenCloudKeyCard } from './OpenCloudKeyCard.tsx';

const MEMBERS = fixture(API.roblox.listGroupMembers, [
  {
    userId: '43',
    username: 'Barista',
    displayName: null,
    rank: 'Member',
    rankId: 1,
    isTracked: true,
    isOnline: false,
    lastOnline: null,
  },
]);
const RANKS = fixture(API.roblox.listGroupRanks, [
  { rankId: 1, rankName: 'Member', memberCount: 3, roleId: '1' },
  { rankId: 10, rankName: 'Staff', memberCount: 1, roleId: '2' },
  { rankId: 255, rankName: 'Owner', memberCount: 1, roleId: '3' },
]);
const CHANGE = fixture(API.roblox.changeMemberRank, {
  id: 1,
  groupId: '777',
  actorName: 'Owner',
  actorRobloxId: '42',
  targetUserId: '43',
  targetName: 'Barista',
  fromRank: 1,
  fromRoleName: 'Member',
  toRank: 10,
  toRoleName: 'Staff',
  reason: 'Trained',
  source: 'manual',
  result: 'succeeded',
  error: null,
  createdAt: '2026-11-26T12:00:00.000Z',
});

describe('MembersTab', () => {
  it('changes a rank with a reason, sending the rank number, and lists the audit trail', async () => {
    const user = userEvent.setup();
    let audited = false;
    const calls = stubFetch((call) => {
      if (call.url.endsWith('/members')) return json(MEMBERS);
      if (call.url.endsWith('/ranks')) return json(RANKS);
      if (call.url.endsWith('/audit')) return json(fixture(API.roblox.readRankAudit, audited ? [CHANGE] : []));
      if (call.url.endsWith('/rank')) {
        audited = true;
        return json(CHANGE);
      }
      return json({ message: 'Not in this test' }, 404);
    });
    const { toasts } = renderScreen(<MembersTab groupId="777" />);
    expect(await screen.findByText('No rank changes yet')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Change rank' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'New rank' }));
    // The member's own rank is not offered.
    expect(screen.queryByRole('option', { name: 'Member (1)' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Staff (10)' }));
    await user.type(within(dialog).getByLabelText('Reason'), 'Trained{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/roblox/groups/777/members/43/rank',
      body: { rankId: 10, reason: 'Trained' },
    });
    expect(toasts).toContainEqual({ title: 'Rank changed', description: 'Barista is now Staff', variant: 'success' });
    const trail = await screen.findByRole('list', { name: 'Rank audit trail' });
    expect(trail.textContent).toContain('Member → Staff');
  });

  it('keeps the dialog open with the reason required, and shows a refusal', async () => {
    const user = userEvent.setup();
    const calls = stubFetch((call) => {
      if (call.url.endsWith('/members')) return json(MEMBERS);
      if (call.url.endsWith('/ranks')) return json(RANKS);
      if (call.url.endsWith('/audit')) return json(fixture(API.roblox.readRankAudit, []));
      if (call.url.endsWith('/rank'))
        return json(
          { message: 'You can only rank members below your own rank, and only to a rank below your own' },
          403,
        );
      return json({ message: 'Not in this test' }, 404);
    });
    const { toasts } = renderScreen(<MembersTab groupId="777" />);
    await user.click(await screen.findByRole('button', { name: 'Change rank' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Change rank' }));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('combobox', { name: 'New rank' }));
    await user.click(await screen.findByRole('option', { name: 'Owner (255)' }));
    await user.type(within(dialog).getByLabelText('Reason'), 'Because{Enter}');
    await waitFor(() => expect(toasts.some((toast) => toast.title === 'Rank not changed')).toBe(true));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('MembersTab audit trail', () => {
  it("tells a member the trail is managers' only, and shows a failure with Try again, never as no changes", async () => {
    const user = userEvent.setup();
    let audit = json({ message: 'Managers only' }, 403);
    stubFetch((call) => {
      if (call.url.endsWith('/members')) return json(MEMBERS);
      if (call.url.endsWith('/audit')) return audit.clone();
      return json({ message: 'Not in this test' }, 404);
    });
    const { unmount } = renderScreen(<MembersTab groupId="777" />);
    expect(await screen.findByText('Only managers see the audit trail.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    unmount();

    audit = json({ message: 'Database unavailable' }, 503);
    renderScreen(<MembersTab groupId="777" />);
    expect(await screen.findByText('Failed to load the audit trail.')).toBeTruthy();
    expect(screen.queryByText('No rank changes yet')).toBeNull();
    audit = json(fixture(API.roblox.readRankAudit, [CHANGE]));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole('list', { name: 'Rank audit trail' })).textContent).toContain('Member → Staff');
  });
});

describe('OpenCloudKeyCard', () => {
  it('shows the refusal on the field and, once saved, only that a key is set with its permissions', async () => {
    const user = userEvent.setup();
    const NO_DATES = { savedAt: null, expiresAt: null, lastUsedAt: null, lapsesAt: null, refusedAt: null };
    let status = fixture(API.roblox.readOpenCloudKey, { set: false, permissions: [], ...NO_DATES });
    stubFetch((call) => {
      if (call.method === 'PUT') {
        const { apiKey } = call.body as { apiKey: string };
        if (apiKey.startsWith('bad'))
          return json({ message: 'Open Cloud refused this API key (wrong, expired or disabled)' }, 400);
        status = fixture(API.roblox.saveOpenCloudKey, {
          set: true,
          permissions: ['group:read', 'group:write'],
          ...NO_DATES,
          savedAt: '2026-11-26T12:00:00.000Z',
        });
        return json(status);
      }
      return json(status);
    });
    renderScreen(<OpenCloudKeyCard groupId="777" canReplace />);
    expect(await screen.findByText('No key')).toBeTruthy();
    await user.type(screen.getByLabelText('API key'), 'bad-key-that-is-long-enough{Enter}');
    expect(await screen.findByText('Open Cloud refused this API key (wrong, expired or disabled)')).toBeTruthy();
    await user.clear(screen.getByLabelText('API key'));
    await user.type(screen.getByLabelText('API key'), 'good-key-that-is-long-enough{Enter}');
    expect(await screen.findByText('Key set')).toBeTruthy();
    expect(screen.getByText(/group:read, group:write/)).toBeTruthy();
    expect(document.body.textContent).not.toContain('good-key-that-is-long-enough');
  });
});
