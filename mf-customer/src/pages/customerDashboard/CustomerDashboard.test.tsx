import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@groupflow/core/contracts';
import { customerWire, errorResponse, fixture, json, renderScreen, stubFetch } from '@groupflow/shell-kit/testing';
import CustomerDashboard from './CustomerDashboard.tsx';

const BOT = {
  id: '10',
  name: 'Main Hall bot',
  status: 'online' as const,
  isOnline: true,
  serverId: '10',
  serverName: 'Main Hall',
  createdAt: '2026-11-01T12:00:00.000Z',
};

/** The dashboard's lists, each answered empty; anything else is not in these tests. */
const EMPTY: Record<string, unknown> = {
  '/api/bots': fixture(API.customer.listBots, []),
  '/api/servers': fixture(API.customer.listServers, []),
  '/api/user/servers': fixture(API.servers.listUserServers, []),
};
const empty = (url: string) => (url in EMPTY ? json(EMPTY[url]) : errorResponse(404, { message: 'Not in this test' }));

describe('CustomerDashboard', () => {
  it('shows a failed bot list with Retry, never "No bots yet", then the bots', async () => {
    const user = userEvent.setup();
    let down = true;
    stubFetch(({ url }) => {
      if (url === '/api/user') return json(customerWire({ username: 'vera' }));
      if (url === '/api/bots')
        return down
          ? errorResponse(503, { code: 'SERVER.UNAVAILABLE', message: 'Database unavailable' })
          : json(fixture(API.customer.listBots, [BOT]));
      return empty(url);
    });
    renderScreen(<CustomerDashboard />, { path: '/customer-dashboard' });
    await screen.findByText('Welcome back, vera!');
    await user.click(screen.getByRole('tab', { name: 'Bots' }));
    const panel = screen.getByRole('tabpanel');
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toContain('Could not load your bots.');
    expect(within(panel).queryByText('No bots yet')).toBeNull();
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByText('Main Hall bot')).toBeTruthy();
  });

  it('says "No servers connected" only for an answered empty list', async () => {
    const user = userEvent.setup();
    stubFetch(({ url }) => (url === '/api/user' ? json(customerWire()) : empty(url)));
    renderScreen(<CustomerDashboard />, { path: '/customer-dashboard' });
    await user.click(await screen.findByRole('tab', { name: 'Servers' }));
    expect(await within(screen.getByRole('tabpanel')).findByText('No servers connected')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
