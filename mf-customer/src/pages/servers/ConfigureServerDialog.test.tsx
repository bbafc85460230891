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
import { API, type ConnectedGroupWire, type ServerConfigAnswer } from '@groupflow/core/contracts';
import { ConfigureServerDialog } from './ConfigureServerDialog.tsx';
import { choose, RANKS, role, SERVER } from './serverTestFixtures.tsx';

const CONFIG: ServerConfigAnswer = fixture(API.servers.getServerConfig, {
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
});

function setUp(config: ServerConfigAnswer = CONFIG, connectedGroups: ConnectedGroupWire[] = []) {
  const calls = stubFetch((call: FetchCall) => {
    if (call.url.endsWith('/api/roblox/group/42/ranks')) return json(RANKS);
    if (call.url.endsWith('/api/roblox/groups')) return json(fixture(API.roblox.listConnectedGroups, connectedGroups));
    if (call.method === 'POST')
      return json(fixture(API.servers.saveServerConfig, { ...config, ...(call.body as object) }));
    return json(fixture(API.servers.getServerConfig, config));
  });
  const closed: boolean[] = [];
  const screenResult = renderScreen(<ConfigureServerDialog server={SERVER} onClose={() => closed.push(true)} />);
  return { calls, closed, ...screenResult };
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
    await choose(user, screen.getByRole('combobox', { name: 'Bypass roles' }), 'Officer');
    const template = screen.getByRole('textbox', { name: 'Nickname template' });
    await user.clear(template);
    // Braces are userEvent's key syntax: typed doubled.
    await user.type(template, '{{rank-name} {{roblox-name}');
    expect(screen.getByText('Sergeant Builderman')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe(
      "The bot cannot give Owners: it is at or above the bot's highest role: move the GroupFlow role above it in Server Settings → Roles.",
    );
    await user.click(screen.getByRole('tab', { name: 'Channels' }));
    const logChannel = screen.getByRole('combobox', { name: 'Log channel' });
    await user.click(logChannel);
    // Only channels the bot can post in.
    expect(screen.queryByRole('option', { name: '#Lobby' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: '#bot-log' }));
    await choose(user, screen.getByRole('combobox', { name: 'Verification channel' }), '#mod-log');
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
      verificationChannelId: 'c-mod',
      bypassRoleIds: ['r-officer'],
      nicknameFormat: '{rank-name} {roblox-name}',
    });
    // Binds have their own tab and route: the configuration leaves them alone.
    expect(saved(calls)).not.toHaveProperty('rankBinds');
    expect(saved(calls)).not.toHaveProperty('allowElevated');
    expect(toasts.map((toast) => toast.title)).toEqual(['Configuration Updated']);
  });

  it('adds two roles one after the other to an empty list, both kept', async () => {
    const user = userEvent.setup();
    const { calls, closed } = setUp({ ...CONFIG, moderatorRoles: [] });
    await user.click(await screen.findByRole('tab', { name: 'Roles' }));
    expect(screen.getByRole('link', { name: /role order/ }).getAttribute('href')).toBe('/setup-verification');
    await choose(user, screen.getByRole('combobox', { name: 'Moderator roles' }), 'Mods (elevated)');
    await choose(user, screen.getByRole('combobox', { name: 'Moderator roles' }), 'Officer');
    const chosen = screen.getByRole('list', { name: 'Moderator roles chosen' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Mods×', 'Officer×']);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(closed).toEqual([true]));
    expect(saved(calls)).toMatchObject({ moderatorRoles: ['r-mods', 'r-officer'] });
  });

  it("binds the server to one of the customer's connected groups, picked by name", async () => {
    const user = userEvent.setup();
    const cafe = connectedGroupWire({
      groupId: '77',
      name: 'Cafe',
      memberCount: 3,
      activityTracking: false,
      activityTrackingEnabled: false,
    });
    const { calls, closed } = setUp(CONFIG, [cafe]);
    await user.click(await screen.findByRole('tab', { name: 'Channels' }));
    // The stored group is not among the connected ones: it is still named, by id.
    expect(screen.getByRole('combobox', { name: 'Bound group' }).textContent).toContain('Group 42');
    await choose(user, screen.getByRole('combobox', { name: 'Bound group' }), 'Cafe (77)');
    expect((screen.getByRole('textbox', { name: 'Or a group ID' }) as HTMLInputElement).value).toBe('77');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(closed).toEqual([true]));
    expect(saved(calls)).toMatchObject({ boundGroupId: '77' });
  });

  it('says when the bot has not reported the roles yet, and shows a stored id it cannot name as unknown', async () => {
    const user = userEvent.setup();
    setUp({ ...CONFIG, roles: [], channels: [], boundGroupId: '' });
    await screen.findByText(/The bot has not reported this server's roles and channels yet/);
    await user.click(screen.getByRole('tab', { name: 'Roles' }));
    expect(
      within(screen.getByRole('list', { name: 'Moderator roles chosen' })).getByText('Unknown role (r-mods)'),
    ).toBeTruthy();
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
