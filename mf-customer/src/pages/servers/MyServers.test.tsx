import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@groupflow/core/contracts';
import { customerWire, errorResponse, fixture, json, renderScreen, stubFetch } from '@groupflow/shell-kit/testing';
import MyServers from './MyServers.tsx';

const SERVERS = fixture(API.servers.listUserServers, [
  {
    id: '10',
    name: 'Main Hall',
    icon: null,
    memberCount: 2000,
    onlineMembers: 100,
    isOnline: true,
    userRole: 'Owner',
    botJoinedAt: '2026-11-01T12:00:00.000Z',
    commandsUsed24h: 0,
    features: ['verification'],
    permissions: [],
  },
]);
const IDLE = fixture(API.servers.readServerSyncProgress, {
  state: 'idle',
  runId: null,
  total: 0,
  visited: 0,
  changed: 0,
  unchanged: 0,
  failed: 0,
  startedAt: null,
  finishedAt: null,
  estimatedSecondsLeft: null,
});
const BOT = fixture(API.servers.getBotStatus, { hasToken: true, isOnline: true, guildCount: 1, connectedServers: [] });

describe('MyServers', () => {
  it("offers Retry when the account cannot be read (after the user call's one retry), then shows the servers", async () => {
    const user = userEvent.setup();
    let down = true;
    const calls = stubFetch(({ url }) => {
      if (url === '/api/user')
        return down
          ? errorResponse(503, { code: 'SERVER.UNAVAILABLE', message: 'Database unavailable' })
          : json(customerWire());
      if (url === '/api/user/servers') return json(SERVERS);
      if (url === '/api/discord/bot-status') return json(BOT);
      return json(IDLE);
    });
    renderScreen(<MyServers />, { path: '/servers' });
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert.textContent).toContain('Could not load your account.');
    expect(calls.filter((call) => call.url === '/api/user')).toHaveLength(2);
    expect(screen.queryByText('Authentication Required')).toBeNull();
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Main Hall' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'My Servers' })).toBeTruthy();
  });

  it('asks a visitor to log in, then leaves for the home page after 2000 ms', async () => {
    stubFetch(() => errorResponse(401, { code: 'AUTH.SIGN_IN_REQUIRED', message: 'Not signed in' }));
    renderScreen(<MyServers />, { path: '/servers', routes: { '/': <p>Landing page</p> } });
    await screen.findByText('Authentication Required');
    expect(screen.getByText('Please log in to see your servers. Redirecting to the home page...')).toBeTruthy();
    expect(screen.queryByText('Landing page')).toBeNull();
    expect(await screen.findByText('Landing page', {}, { timeout: 3000 })).toBeTruthy();
  });
});
