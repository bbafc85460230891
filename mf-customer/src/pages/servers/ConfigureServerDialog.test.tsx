import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorResponse, json, renderScreen, stubFetch, type FetchCall } from '@groupflow/shell-kit/testing';
import type { ServerConfigAnswer, ServerRole, UserServer } from '@groupflow/core/contracts';
import { ConfigureServerDialog } from './ConfigureServerDialog.tsx';

const SERVER: UserServer = {
  id: '10',
  name: 'Main Hall',
  icon: null,
  memberCount: 120,
  onlineMembers: 12,
  isOnline: true,
  userRole: 'Owner',
  botJoinedAt: '2026-11-01T12:00:00.000Z',
  commandsUsed24h: 0,
  features: [],
  permissions: [],
};

const role = (id: string, name: string, extra: Partial<ServerRole> = {}): ServerRole => ({
  id,
  name,
  position: 1,
  colour: 0,
  managed: false,
  elevated: false,
  assignable: true,
  problem: null,
  ...extra,
});

const CONFIG: ServerConfigAnswer = {
  moderationEnabled: true,
  verificationEnabled: true,
  groupBindingEnabled: true,
  autoRoleSync: false,
  moderatorRoles: ['r-mods'],
  adminRoles: [],
  boundGroupId: '42',
  logChannel: '',
  moderationLogChannel: 'c-mod',
  sessionsChannel: '',
  rankBinds: [{ rankId: 1, roleId: 'r-member' }],
  verificationRoleId: 'r-verified',
  unverifiedRoleId: '',
  nicknameFormat: '{roblox-name}',
  verificationChannelId: '',
  bypassRoleIds: [],
  roles: [
    role('r-owners', 'Owners', {
      position: 12,
      assignable: false,
      problem: "it is at or above the bot's highest role: move the GroupFlow role above it in Server Settings → Roles",
    }),
    role('r-bot', 'GroupFlow', {
      position: 10,
      managed: true,
      assignable: false,
      problem: 'it is managed by an integration',
    }),
    role('r-admins', 'Admins', { position: 6, elevated: true, colour: 0xe74c3c }),
    role('r-mods', 'Mods', { position: 5, elevated: true }),
    role('r-officer', 'Officer', { position: 4 }),
    role('r-member', 'Member', { position: 3 }),
    role('r-verified', 'Verified', { position: 2 }),
  ],
  channels: [
    { id: 'c-mod', name: 'mod-log', type: 'text' },
    { id: 'c-bot', name: 'bot-log', type: 'text' },
    { id: 'c-voice', name: 'Lobby', type: 'voice' },
  ],
};

const RANKS = [
  { rankId: 1, rankName: 'Recruit', memberCount: 10, roleId: '901' },
  { rankId: 50, rankName: 'Sergeant', memberCount: 3, roleId: '902' },
  { rankId: 255, rankName: 'Owner', memberCount: 1, roleId: '903' },
];

function setUp(config: ServerConfigAnswer = CONFIG) {
  const calls = stubFetch((call: FetchCall) => {
    if (call.url.endsWith('/api/roblox/group/42/ranks')) return json(RANKS);
    if (call.method === 'POST') return json({ ...config, ...(call.body as object) });
    return json(config);
  });
  const closed: boolean[] = [];
  const screenResult = renderScreen(<ConfigureServerDialog server={SERVER} onClose={() => closed.push(true)} />);
  return { calls, closed, ...screenResult };
}

async function choose(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, option: string) {
  await user.click(combobox);
  await user.click(await screen.findByRole('option', { name: option }));
}

const saved = (calls: FetchCall[]) => calls.find((call) => call.method === 'POST')?.body as Record<string, unknown>;

describe('ConfigureServerDialog: roles and channels picked from the server', () => {
  it("shows the server's roles by name, adds and removes moderators, and saves their ids", async () => {
    const user = userEvent.setup();
    const { calls, toasts, closed } = setUp();
    await user.click(await screen.findByRole('tab', { name: 'Roles' }));
    const chosen = screen.getByRole('list', { name: 'Moderator roles chosen' });
    expect(within(chosen).getByText('Mods')).toBeTruthy();
    await choose(user, screen.getByRole('combobox', { name: 'Moderator roles' }), 'Officer');
    await user.click(within(chosen).getByRole('button', { name: 'Remove Mods' }));
    await choose(user, screen.getByRole('combobox', { name: 'Admin roles' }), 'Admins (elevated)');
    // The bot's own (managed) role is never offered; a role above the bot is offered with the reason.
    await user.click(screen.getByRole('combobox', { name: 'Unverified role' }));
    expect(screen.queryByRole('option', { name: /GroupFlow/ })).toBeNull();
    await user.click(await screen.findByRole('option', { name: "Owners (out of the bot's reach)" }));
    expect(screen.getByRole('note').textContent).toBe(
      "The bot cannot give Owners: it is at or above the bot's highest role: move the GroupFlow role above it in Server Settings → Roles.",
    );
    await user.click(screen.getByRole('tab', { name: 'Channels' }));
    const logChannel = screen.getByRole('combobox', { name: 'Log channel' });
    await user.click(logChannel);
    // Only channels the bot can post in.
    expect(screen.queryByRole('option', { name: '#Lobby' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: '#bot-log' }));
    await user.click(screen.getByRole('combobox', { name: 'Sessions channel' }));
    await user.click(await screen.findByRole('option', { name: '#bot-log' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(closed).toEqual([true]));
    expect(saved(calls)).toMatchObject({
      moderatorRoles: ['r-officer'],
      adminRoles: ['r-admins'],
      unverifiedRoleId: 'r-owners',
      verificationRoleId: 'r-verified',
      logChannel: 'c-bot',
      moderationLogChannel: 'c-mod',
      sessionsChannel: 'c-bot',
      rankBinds: [{ rankId: 1, roleId: 'r-member' }],
    });
    expect(saved(calls)).not.toHaveProperty('allowElevated');
    expect(toasts.map((toast) => toast.title)).toEqual(['Configuration Updated']);
  });

  it('binds ranks of the bound group to roles, asking before an elevated role and then sending allowElevated', async () => {
    const user = userEvent.setup();
    const { calls } = setUp();
    await user.click(await screen.findByRole('tab', { name: 'Roles' }));
    const first = await screen.findByRole('group', { name: 'Rank bind 1' });
    expect(within(first).getByRole('combobox', { name: 'Rank of bind 1' }).textContent).toContain('Recruit (rank 1)');
    expect(within(first).getByRole('combobox', { name: 'Role of bind 1' }).textContent).toContain('Member');

    await user.click(screen.getByRole('button', { name: 'Add rank bind' }));
    const second = screen.getByRole('group', { name: 'Rank bind 2' });
    // A rank already bound is not offered again.
    await user.click(within(second).getByRole('combobox', { name: 'Rank of bind 2' }));
    expect(screen.queryByRole('option', { name: 'Recruit (rank 1)' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Owner (rank 255)' }));

    // An elevated role asks first; cancelling leaves the row as it was.
    await choose(user, within(second).getByRole('combobox', { name: 'Role of bind 2' }), 'Admins (elevated)');
    let confirm = await screen.findByRole('alertdialog', { name: 'Bind an elevated role?' });
    expect(confirm.textContent).toContain('Everyone who holds rank 255 in the Roblox group would get it from the bot.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(within(second).getByRole('combobox', { name: 'Role of bind 2' }).textContent).toContain('Choose a role');

    await choose(user, within(second).getByRole('combobox', { name: 'Role of bind 2' }), 'Admins (elevated)');
    confirm = await screen.findByRole('alertdialog', { name: 'Bind an elevated role?' });
    await user.click(within(confirm).getByRole('button', { name: 'Bind it anyway' }));
    expect(within(second).getByText('Elevated')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(saved(calls)).toBeDefined());
    expect(saved(calls)).toMatchObject({
      rankBinds: [
        { rankId: 1, roleId: 'r-member' },
        { rankId: 255, roleId: 'r-admins' },
      ],
      allowElevated: true,
    });
  });

  it('refuses to save a half-chosen bind, and removes a bind', async () => {
    const user = userEvent.setup();
    const { calls } = setUp();
    await user.click(await screen.findByRole('tab', { name: 'Roles' }));
    await screen.findByRole('group', { name: 'Rank bind 1' });
    await user.click(screen.getByRole('button', { name: 'Add rank bind' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Choose a rank and a role for every rank bind, or remove the row.',
    );
    expect(saved(calls)).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Remove bind 2' }));
    await user.click(screen.getByRole('button', { name: 'Remove bind 1' }));
    expect(screen.getByText('No rank gives a role yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(saved(calls)).toMatchObject({ rankBinds: [] }));
  });

  it('says when the bot has not reported the roles yet, and shows a stored id it cannot name as unknown', async () => {
    const user = userEvent.setup();
    setUp({ ...CONFIG, roles: [], channels: [], boundGroupId: '' });
    await screen.findByText(/The bot has not reported this server's roles and channels yet/);
    await user.click(screen.getByRole('tab', { name: 'Roles' }));
    expect(
      within(screen.getByRole('list', { name: 'Moderator roles chosen' })).getByText('Unknown role (r-mods)'),
    ).toBeTruthy();
    expect(screen.getByText(/Set the bound Roblox group on the Channels tab/)).toBeTruthy();
  });

  it('keeps the dialog open and toasts the reason when the save is refused', async () => {
    const user = userEvent.setup();
    stubFetch((call) => {
      if (call.url.endsWith('/ranks')) return json(RANKS);
      if (call.method === 'POST')
        return errorResponse(400, { code: 'REQUEST.INVALID', message: 'No role is named Mods' });
      return json(CONFIG);
    });
    const closed: boolean[] = [];
    const { toasts } = renderScreen(<ConfigureServerDialog server={SERVER} onClose={() => closed.push(true)} />);
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(toasts).toEqual([
        { title: 'Update Failed', description: 'No role is named Mods', variant: 'destructive' },
      ]),
    );
    expect(closed).toEqual([]);
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
  });

  it('offers Retry when the configuration cannot be loaded, then shows it', async () => {
    const user = userEvent.setup();
    let down = true;
    stubFetch((call) =>
      call.url.endsWith('/ranks')
        ? json(RANKS)
        : down
          ? errorResponse(503, { code: 'SERVER.UNAVAILABLE', message: 'Database unavailable' })
          : json(CONFIG),
    );
    renderScreen(<ConfigureServerDialog server={SERVER} onClose={() => undefined} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Database unavailable');
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('tab', { name: 'Features' })).toBeTruthy();
  });
});
