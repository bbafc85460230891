import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@groupflow/core/contracts';
import {
  customerWire,
  errorResponse,
  fixture,
  json,
  renderScreen,
  stubFetch,
  type FetchCall,
} from '@groupflow/shell-kit/testing';
import Settings from './Settings.tsx';

const USER = customerWire({ email: 'vera@example.test', isVerified: true });

const PROFILE = fixture(API.customer.getUserProfile, {
  ...USER,
  stats: { totalBots: 2, activeBots: 1, totalCommands: 30 },
});

const account = (call: FetchCall) =>
  call.url === '/api/user/profile'
    ? json(PROFILE)
    : call.url === '/api/user'
      ? json(USER)
      : call.url === '/api/user/servers'
        ? json(fixture(API.servers.listUserServers, []))
        : errorResponse(404, { message: 'Not in this test' });

const signedIn = () => stubFetch(account);

describe('Settings', () => {
  it('refuses a bad webhook and backup interval beside their fields, saving nothing', async () => {
    const user = userEvent.setup();
    signedIn();
    const { toasts } = renderScreen(<Settings />, { path: '/settings' });
    const interval = await screen.findByLabelText('Backup Interval (hours)');
    expect((interval as HTMLInputElement).value).toBe('24');
    await user.type(screen.getByLabelText('Discord Webhook'), 'not a url');
    await user.clear(interval);
    await user.type(interval, '0');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Enter a valid webhook URL')).toBeTruthy();
    expect(screen.getByText('Backup interval must be at least 1 hour')).toBeTruthy();
    expect(toasts).toHaveLength(0);
  });

  it('saves locally with Enter or its one button, and the switches keep the spec defaults', async () => {
    const user = userEvent.setup();
    const calls = signedIn();
    const { toasts } = renderScreen(<Settings />, { path: '/settings' });
    expect((await screen.findByRole('switch', { name: 'Bot status changes' })).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(screen.getByRole('switch', { name: 'Command usage' }).getAttribute('aria-checked')).toBe('false');
    await user.click(screen.getByRole('switch', { name: 'Command usage' }));
    expect(screen.getByRole('switch', { name: 'Command usage' }).getAttribute('aria-checked')).toBe('true');
    await user.type(screen.getByLabelText('Discord Webhook'), 'https://discord.test/hook{Enter}');
    await waitFor(() => expect(toasts).toContainEqual({ title: 'Settings saved successfully', variant: 'success' }));
    expect(screen.getAllByRole('button', { name: /^Save/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(toasts).toHaveLength(2));
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
    expect(screen.getByText('30')).toBeTruthy();
  });

  it('never asks for a Roblox cookie or password', async () => {
    signedIn();
    renderScreen(<Settings />, { path: '/settings' });
    await screen.findByLabelText('Discord Webhook');
    expect(screen.queryByLabelText(/cookie/i)).toBeNull();
    expect(screen.queryByLabelText(/password/i)).toBeNull();
    expect(document.querySelector('input[type="password"]')).toBeNull();
  });

  it('offers Retry when the account cannot be read, then shows the page', async () => {
    const user = userEvent.setup();
    let down = true;
    stubFetch((call) =>
      down ? errorResponse(503, { code: 'SERVER.UNAVAILABLE', message: 'Database unavailable' }) : account(call),
    );
    renderScreen(<Settings />, { path: '/settings' });
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert.textContent).toContain('Could not load your account. Please try again.');
    down = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
  });

  it('sends a visitor to the home page', async () => {
    stubFetch(() => errorResponse(401, { code: 'AUTH.SIGN_IN_REQUIRED', message: 'Not signed in' }));
    renderScreen(<Settings />, { path: '/settings', routes: { '/': <p>Landing page</p> } });
    expect(await screen.findByText('Landing page')).toBeTruthy();
  });
});
