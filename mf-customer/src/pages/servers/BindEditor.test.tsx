import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  connectedGroupWire,
  errorResponse,
  fixture,
  json,
  renderScreen,
  stubFetch,
  type FetchCall,
} from '@groupflow/shell-kit/testing';
import { API } from '@groupflow/core/contracts';
import { ConfigureServerDialog } from './ConfigureServerDialog.tsx';
import { choose, RANKS, role, SERVER } from './serverTestFixtures.tsx';

const CONFIG = fixture(API.servers.getServerConfig, {
  moderationEnabled: true,
  verificationEnabled: true,
  groupBindingEnabled: true,
  autoRoleSync: false,
  moderatorRoles: [],
  adminRoles: [],
  boundGroupId: '42',
  logChannel: '',
  moderationLogChannel: '',
  sessionsChannel: '',
  rankBinds: [{ rankId: 1, roleId: 'r-member' }],
  verificationRoleId: '',
  unverifiedRoleId: 'r-unverified',
  nicknameFormat: '{roblox-name}',
  verificationChannelId: '',
  bypassRoleIds: [],
  roles: [
    role('r-admins', 'Admins', { position: 6, elevated: true }),
    role('r-member', 'Member', { position: 3 }),
    role('r-unverified', 'Unverified', { position: 2 }),
  ],
  channels: [{ id: 'c-verify', name: 'verify', type: 'text' }],
});

const BINDS = fixture(API.servers.listServerBinds, {
  binds: [{ id: 'b1', kind: 'rank', groupId: '42', rankId: 1, roleIds: ['r-member'], nickname: null }],
});

const GROUPS = fixture(API.roblox.listConnectedGroups, [
  connectedGroupWire({
    groupId: '42',
    name: 'Builders Club',
    memberCount: 14,
  }),
]);

const MEMBERS = fixture(API.servers.listGuildMembers, [
  {
    id: 1,
    username: 'vera',
    discordId: '4242',
    avatar: null,
    discriminator: null,
    isVerified: true,
    isProven: true,
    isOnline: true,
    robloxId: '156',
    robloxUsername: 'Builderman',
    createdAt: '2026-01-01T00:00:00.000Z',
    status: 'verified',
    claim: null,
    restrictedReason: null,
  },
]);

const RESTRICTIONS = fixture(API.servers.readServerRestrictions, {
  minAccountAgeDays: 0,
  requireGroupId: null,
  bannedRobloxIds: [],
});

type Answer = (call: FetchCall) => Response | undefined;

/** The dialog against a fake API; `answer` decides the calls a test is about, the rest answer as stored. */
function setUp(answer: Answer = () => undefined) {
  const calls = stubFetch((call) => {
    const path = call.url.replace(/^https?:\/\/[^/]+/, '');
    return (
      answer(call) ??
      (path.endsWith('/ranks')
        ? json(RANKS)
        : path === '/api/roblox/groups'
          ? json(GROUPS)
          : path === '/api/users'
            ? json(MEMBERS)
            : path.includes('/restrictions')
              ? json(
                  call.method === 'PUT'
                    ? fixture(API.servers.replaceServerRestrictions, call.body as typeof RESTRICTIONS)
                    : RESTRICTIONS,
                )
              : path.includes('/binds') && call.method === 'PUT'
                ? json(
                    fixture(API.servers.replaceServerBinds, {
                      binds: [],
                      ...(path.includes('dryRun=true') ? { touched: 7 } : {}),
                    }),
                  )
                : path.includes('/binds')
                  ? json(BINDS)
                  : json(CONFIG))
    );
  });
  const result = renderScreen(<ConfigureServerDialog server={SERVER} onClose={() => undefined} />);
  return { calls, ...result };
}

async function openTab(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('tab', { name }));
}

const puts = (calls: FetchCall[]) => calls.filter((call) => call.method === 'PUT' && call.url.includes('/binds'));

describe('Configure Server: the bind editor', () => {
  it("adds a rank-range bind from the group's real ranks, asks before an elevated role, counts, then saves", async () => {
    const user = userEvent.setup();
    const { calls, toasts } = setUp();
    await openTab(user, 'Binds');
    const first = await screen.findByRole('group', { name: 'Bind 1' });
    await waitFor(() =>
      expect(within(first).getByRole('combobox', { name: 'Rank' }).textContent).toContain('Recruit (rank 1)'),
    );

    await user.click(screen.getByRole('button', { name: 'Add bind' }));
    const second = screen.getByRole('group', { name: 'Bind 2' });
    await choose(user, within(second).getByRole('combobox', { name: 'Kind' }), 'Rank range');
    expect(within(second).getByRole('combobox', { name: 'Group' }).textContent).toContain('Builders Club (42)');
    await choose(user, within(second).getByRole('combobox', { name: 'Lowest rank' }), 'Recruit (rank 1)');
    await choose(user, within(second).getByRole('combobox', { name: 'Highest rank' }), 'Sergeant (rank 50)');

    // An elevated role asks first; cancelling leaves the bind without it.
    await choose(user, within(second).getByRole('combobox', { name: 'Roles' }), 'Admins (elevated)');
    let confirm = await screen.findByRole('alertdialog', { name: 'Bind an elevated role?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(within(second).getByText('None chosen.')).toBeTruthy();
    await choose(user, within(second).getByRole('combobox', { name: 'Roles' }), 'Admins (elevated)');
    confirm = await screen.findByRole('alertdialog', { name: 'Bind an elevated role?' });
    await user.click(within(confirm).getByRole('button', { name: 'Allow elevated role' }));
    expect(within(second).getByText('Elevated: Admins')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save binds' }));
    // A dry run first: how many members the change touches, before anything is written.
    const ask = await screen.findByRole('alertdialog', { name: 'Save binds?' });
    expect(ask.textContent).toContain('7 members would gain or lose a role or change nickname');
    expect(puts(calls)).toHaveLength(1);
    expect(puts(calls)[0]!.url).toContain('dryRun=true');
    await user.click(within(ask).getByRole('button', { name: 'Save binds' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]!.url).not.toContain('dryRun');
    expect(puts(calls)[1]!.body).toEqual({
      binds: [
        { id: 'b1', kind: 'rank', groupId: '42', rankId: 1, roleIds: ['r-member'], nickname: null },
        { kind: 'rankRange', groupId: '42', minRank: 1, maxRank: 50, roleIds: ['r-admins'], nickname: null },
      ],
      allowElevated: true,
    });
    await waitFor(() => expect(toasts.map((toast) => toast.title)).toEqual(['Binds Saved']));
  });

  it("shows the form's and the API's refusals under the fields they name", async () => {
    const user = userEvent.setup();
    const { calls } = setUp((call) =>
      call.method === 'PUT' && call.url.includes('/binds')
        ? errorResponse(400, {
            code: 'REQUEST.INVALID',
            message: 'The server has no role r-gone',
            issues: [{ path: ['binds', 1, 'roleIds', 0], message: 'The server has no role r-gone' }],
          })
        : undefined,
    );
    await openTab(user, 'Binds');
    await screen.findByRole('group', { name: 'Bind 1' });
    await user.click(screen.getByRole('button', { name: 'Add bind' }));
    const second = screen.getByRole('group', { name: 'Bind 2' });
    await choose(user, within(second).getByRole('combobox', { name: 'Kind' }), 'Game pass');
    await choose(user, within(second).getByRole('combobox', { name: 'Roles' }), 'Member');
    await user.click(screen.getByRole('button', { name: 'Save binds' }));
    const itemId = within(second).getByRole('textbox', { name: 'Game pass id' });
    expect(itemId.getAttribute('aria-invalid')).toBe('true');
    expect(within(second).getByText('Enter the item id')).toBeTruthy();
    expect(puts(calls)).toEqual([]);

    await user.type(itemId, '1234');
    expect(itemId.getAttribute('aria-invalid')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Save binds' }));
    expect(await within(second).findByText('The server has no role r-gone')).toBeTruthy();
    expect(within(second).getByRole('combobox', { name: 'Roles' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Some binds need a change: see the marked fields.');
    expect(puts(calls)[0]!.body).toMatchObject({ binds: [{ id: 'b1' }, { kind: 'gamepass', assetId: '1234' }] });
  });

  it('removes a bind only once confirmed, then shows the empty state and saves none', async () => {
    const user = userEvent.setup();
    const { calls } = setUp();
    await openTab(user, 'Binds');
    await screen.findByRole('group', { name: 'Bind 1' });
    await user.click(screen.getByRole('button', { name: 'Remove bind 1' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Remove this bind?' });
    expect(confirm.textContent).toContain('Members who hold Member only through it lose them once you save.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('group', { name: 'Bind 1' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove bind 1' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Remove this bind?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove bind' }));
    expect(screen.getByText('No binds yet — add one')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save binds' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Save binds?' })).getByRole('button', {
        name: 'Save binds',
      }),
    );
    await waitFor(() => expect(puts(calls)[1]?.body).toEqual({ binds: [] }));
  });

  it('previews what a sync would do to a member picked from the list', async () => {
    const user = userEvent.setup();
    const { calls } = setUp((call) =>
      call.url.endsWith('/binds/preview')
        ? json(
            fixture(API.servers.previewServerBinds, {
              robloxId: '156',
              restricted: null,
              adding: [{ id: 'r-member', name: 'Member' }],
              removing: [{ id: 'r-unverified', name: 'Unverified' }],
              nickname: 'Builderman',
              skipped: [],
            }),
          )
        : undefined,
    );
    await openTab(user, 'Binds');
    const preview = screen.getByRole('button', { name: 'Preview' });
    expect(preview.hasAttribute('disabled')).toBe(true);
    await choose(user, await screen.findByRole('combobox', { name: 'Member' }), 'vera (Builderman)');
    await user.click(preview);
    const answer = await screen.findByLabelText('Preview result');
    expect(calls.find((call) => call.url.endsWith('/binds/preview'))?.body).toEqual({ discordUserId: '4242' });
    expect(within(answer).getByText('156')).toBeTruthy();
    expect(within(answer).getByText('Member')).toBeTruthy();
    expect(within(answer).getByText('Unverified')).toBeTruthy();
    expect(within(answer).getByText('Builderman')).toBeTruthy();
    expect(within(answer).getByText('No')).toBeTruthy();
  });

  it('says when there are no binds, and offers Retry when they cannot be loaded', async () => {
    const user = userEvent.setup();
    let down = true;
    setUp((call) =>
      call.url.endsWith('/binds')
        ? down
          ? errorResponse(503, { code: 'SERVER.UNAVAILABLE', message: 'Database unavailable' })
          : json(fixture(API.servers.listServerBinds, { binds: [] }))
        : undefined,
    );
    await openTab(user, 'Binds');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Database unavailable');
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No binds yet — add one')).toBeTruthy();
  });
});

describe('Configure Server: restrictions', () => {
  it('saves an age minimum, a required group and a banned account, and shows a refusal on its field', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { calls, toasts } = setUp((call) =>
      call.method === 'PUT' && call.url.endsWith('/restrictions') && refuse
        ? errorResponse(400, {
            code: 'REQUEST.INVALID',
            message: 'Listed twice',
            issues: [{ path: ['bannedRobloxIds', 0, 'reason'], message: 'Listed twice' }],
          })
        : undefined,
    );
    await openTab(user, 'Restrictions');
    const age = await screen.findByRole('spinbutton', { name: 'Minimum account age (days)' });
    await user.clear(age);
    await user.type(age, '30');
    await choose(user, screen.getByRole('combobox', { name: 'Required group' }), 'Builders Club (42)');
    expect(screen.getByText('No banned accounts.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ban an account' }));
    const banned = screen.getByRole('group', { name: 'Banned account 1' });
    await user.type(within(banned).getByRole('textbox', { name: 'Roblox user id' }), '777');
    await user.type(within(banned).getByRole('textbox', { name: 'Reason' }), 'Alt account');
    await user.click(screen.getByRole('button', { name: 'Save restrictions' }));
    expect(await within(banned).findByText('Listed twice')).toBeTruthy();
    expect(toasts).toEqual([]);

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Save restrictions' }));
    await waitFor(() => expect(toasts.map((toast) => toast.title)).toEqual(['Restrictions Saved']));
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({
      minAccountAgeDays: 30,
      requireGroupId: '42',
      bannedRobloxIds: [{ robloxId: '777', reason: 'Alt account' }],
    });
  });
});
