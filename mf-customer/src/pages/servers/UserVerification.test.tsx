import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
import UserVerification from './UserVerification.tsx';

const ME = customerWire({ username: 'alice', discordId: '100' });
// One member as the list answers it.
const MEMBER = fixture(API.servers.listGuildMembers, [
  {
    id: 2,
    username: 'bob',
    discordId: '36510622975578822',
    avatar: null,
    discriminator: null,
    isVerified: false,
    isProven: false,
    isOnline: false,
    robloxId: null,
    robloxUsername: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    status: 'unlinked',
    claim: null,
    restrictedReason: null,
  },
])[0]!;
const BOT = fixture(API.servers.getBotStatus, { hasToken: true, isOnline: true, guildCount: 1, connectedServers: [] });
// What the page reads besides the members: the bot's status and the customer's servers.
const botAndServers = (call: FetchCall) =>
  call.url === '/api/user/servers' ? json(fixture(API.servers.listUserServers, [])) : json(BOT);

describe('UserVerification', () => {
  it("shows a member's Discord CDN avatar, and their initial instead of a broken image when it cannot load", async () => {
    stubFetch((call) => {
      if (call.url.endsWith('/api/user')) return json(ME);
      if (call.url.endsWith('/api/users')) return json(fixture(API.servers.listGuildMembers, [MEMBER]));
      return botAndServers(call);
    });
    renderScreen(<UserVerification />);
    const card = await screen.findByLabelText('bob');
    const image = card.querySelector('img.sv-avatar')!;
    expect(image.getAttribute('src')).toMatch(/^https:\/\/cdn\.discordapp\.com\/embed\/avatars\/\d\.png$/);
    fireEvent.error(image);
    expect(card.querySelector('img')).toBeNull();
    expect(within(card).getByText('B')).toBeTruthy();
  });

  it('shows a failed member list with Retry, never "No Users Found", then the members', async () => {
    let down = true;
    stubFetch((call) => {
      if (call.url.endsWith('/api/user')) return json(ME);
      if (call.url.endsWith('/api/users'))
        return down
          ? errorResponse(503, { code: 'SERVER.UNAVAILABLE', message: 'Database unavailable' })
          : json(fixture(API.servers.listGuildMembers, [MEMBER]));
      return botAndServers(call);
    });
    renderScreen(<UserVerification />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Database unavailable');
    expect(screen.queryByText('No Users Found')).toBeNull();
    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('bob')).toBeTruthy();
  });

  it('sends a visitor to the home page', async () => {
    stubFetch(() => errorResponse(401, { code: 'AUTH.SIGN_IN_REQUIRED', message: 'Not signed in' }));
    renderScreen(<UserVerification />, { path: '/verification', routes: { '/': <p>Landing page</p> } });
    expect(await screen.findByText('Landing page')).toBeTruthy();
  });

  it('shows a member with only a claim as Pending with the claimed account, and a restricted one with the reason', async () => {
    const pending = { ...MEMBER, status: 'pending' as const, claim: { robloxId: '55', robloxUsername: 'Claimed_1' } };
    const restricted = {
      ...MEMBER,
      id: 3,
      username: 'carol',
      isVerified: true,
      isProven: true,
      robloxId: '66',
      robloxUsername: 'Carol_rbx',
      status: 'restricted' as const,
      restrictedReason: 'Banned from verifying in Main Hall: alt',
    };
    stubFetch((call) => {
      if (call.url.endsWith('/api/user')) return json(ME);
      if (call.url.endsWith('/api/users')) return json(fixture(API.servers.listGuildMembers, [pending, restricted]));
      return botAndServers(call);
    });
    renderScreen(<UserVerification />);
    const bob = await screen.findByLabelText('bob');
    expect(within(bob).getByText('Pending')).toBeTruthy();
    expect(within(bob).getByRole('link', { name: 'Claimed_1' }).getAttribute('href')).toBe(
      'https://www.roblox.com/users/55/profile',
    );
    const carol = screen.getByLabelText('carol');
    expect(within(carol).getByText('Restricted')).toBeTruthy();
    expect(within(carol).getByText('Banned from verifying in Main Hall: alt')).toBeTruthy();
  });

  it("verifies a Pending member's claimed account after confirming, and offers nothing to verify for an unlinked one", async () => {
    const user = userEvent.setup();
    const pending = { ...MEMBER, status: 'pending' as const, claim: { robloxId: '156', robloxUsername: 'Builderman' } };
    const newbie = { ...MEMBER, id: 3, username: 'newbie' };
    const calls = stubFetch((call) => {
      if (call.url.endsWith('/api/user')) return json(ME);
      if (call.method === 'PATCH')
        return json(
          fixture(API.servers.verifyMember, {
            message: 'bob is verified as Builderman in your servers',
            user: { ...pending, isVerified: true, status: 'verified', robloxId: '156', robloxUsername: 'Builderman' },
          }),
        );
      if (call.url.endsWith('/api/users')) return json(fixture(API.servers.listGuildMembers, [pending, newbie]));
      return botAndServers(call);
    });
    renderScreen(<UserVerification />);
    const unlinked = await screen.findByLabelText('newbie');
    expect(within(unlinked).queryByRole('button', { name: 'Verify' })).toBeNull();
    expect(within(unlinked).getByText(/nothing to verify/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'View Details' })).toBeNull();
    await user.click(within(screen.getByLabelText('bob')).getByRole('button', { name: 'Verify' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Verify bob?' });
    expect(confirm.textContent).toContain('owns the Roblox account Builderman');
    await user.click(within(confirm).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')).toMatchObject({
      url: '/api/users/2/verify',
      body: { robloxId: '156', robloxUsername: 'Builderman' },
    });
  });
});
