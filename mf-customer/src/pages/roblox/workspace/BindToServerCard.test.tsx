import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fixture, json, renderScreen, stubFetch, type FetchCall } from '@groupflow/shell-kit/testing';
import { API, type ServerConfigAnswer, type UserServer } from '@groupflow/core/contracts';
import { SERVER } from '../../servers/serverTestFixtures.tsx';
import { BindToServerCard } from './BindToServerCard.tsx';

const CONFIG: ServerConfigAnswer = fixture(API.servers.getServerConfig, {
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
  unverifiedRoleId: '',
  nicknameFormat: '{roblox-name}',
  verificationChannelId: '',
  bypassRoleIds: [],
  roles: [],
  channels: [],
});

function serve(servers: UserServer[]): FetchCall[] {
  return stubFetch((call) => {
    if (call.url.endsWith('/api/user/servers')) return json(fixture(API.servers.listUserServers, servers));
    if (call.method === 'POST')
      return json(fixture(API.servers.saveServerConfig, { ...CONFIG, ...(call.body as object) }));
    return json(CONFIG);
  });
}

describe('BindToServerCard', () => {
  it("binds the group to a server picked by name, after confirming that the server's previous group goes", async () => {
    const user = userEvent.setup();
    const calls = serve([SERVER]);
    renderScreen(<BindToServerCard groupId="77" />);
    await user.click(await screen.findByRole('combobox', { name: 'Bind to a server' }));
    await user.click(await screen.findByRole('option', { name: 'Main Hall' }));
    await screen.findByText(/Main Hall is bound to group 42/);
    await user.click(screen.getByRole('button', { name: 'Bind to Main Hall' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Replace the bound group?' });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Bind this group' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const body = calls.find((call) => call.method === 'POST')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ boundGroupId: '77', moderationEnabled: true, nicknameFormat: '{roblox-name}' });
    // The previous group's rank numbers mean other people here: the server drops them.
    expect(body).not.toHaveProperty('rankBinds');
    expect(body).not.toHaveProperty('roles');
  });

  it('offers Add to Server when the customer manages no server with the bot', async () => {
    serve([]);
    renderScreen(<BindToServerCard groupId="77" />);
    await screen.findByText('No server to bind yet');
    expect(screen.getByRole('link', { name: 'Add to Server' }).getAttribute('href')).toBe('/add-to-server');
  });
});
