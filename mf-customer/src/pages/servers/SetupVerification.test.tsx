import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@groupflow/core/contracts';
import { errorResponse, fixture, json, renderScreen, stubFetch } from '@groupflow/shell-kit/testing';
import SetupVerification from './SetupVerification.tsx';

const INVITE = 'https://discord.test/oauth2/authorize?client_id=123';

const ANSWERS: Record<string, unknown> = {
  '/api/discord/client-id': fixture(API.servers.getClientId, { clientId: '123', configured: true }),
  '/api/discord/invite-url': fixture(API.servers.getInviteUrl, { inviteUrl: INVITE, setupRequired: false }),
  '/api/discord/bot-status': fixture(API.servers.getBotStatus, {
    hasToken: true,
    isOnline: true,
    guildCount: 1,
    connectedServers: [],
  }),
  '/api/test-discord-config': fixture(API.customer.getDiscordConfig, {
    discordConfigured: true,
    callbackURL: 'https://groupflow.test/cb',
    environment: 'test',
  }),
};

/** The setup check's calls for a visitor; the calls named in `down` fail until it is emptied. */
function answer(down: Set<string>, answers: Record<string, unknown> = ANSWERS) {
  return stubFetch(({ url }) => {
    if (down.has(url)) return errorResponse(503, { code: 'SERVER.UNAVAILABLE', message: 'Database unavailable' });
    if (url === '/api/user') return errorResponse(401, { code: 'AUTH.SIGN_IN_REQUIRED', message: 'Not signed in' });
    return json(answers[url]);
  });
}

const card = (title: string) => screen.getByRole('heading', { name: title }).closest('section') as HTMLElement;

describe('SetupVerification', () => {
  it('shows a failed application id as a failure with Retry, never as "not set up"', async () => {
    const user = userEvent.setup();
    const down = new Set(['/api/discord/client-id']);
    answer(down);
    renderScreen(<SetupVerification />);
    await screen.findByText('Database unavailable');
    const info = card('Bot Information');
    expect(within(info).getByRole('alert').textContent).toContain('Database unavailable');
    expect(within(info).queryByText(/not set up yet/)).toBeNull();
    down.clear();
    await user.click(within(info).getByRole('button', { name: 'Try again' }));
    expect(await within(info).findByText('123')).toBeTruthy();
  });

  it("shows the spec's invitation alert with Retry when the address cannot be read, then the address", async () => {
    const user = userEvent.setup();
    const down = new Set(['/api/discord/invite-url']);
    answer(down);
    renderScreen(<SetupVerification />);
    await screen.findByText('Failed to generate invite URL. Check Discord configuration.');
    const invitation = card('Bot Invitation');
    down.clear();
    await user.click(within(invitation).getByRole('button', { name: 'Try again' }));
    expect(await within(invitation).findByText(INVITE)).toBeTruthy();
    expect(within(invitation).queryByRole('alert')).toBeNull();
  });

  it('says the bot is not set up, and the address missing without a Retry, when the server has neither', async () => {
    answer(new Set(), {
      ...ANSWERS,
      '/api/discord/client-id': fixture(API.servers.getClientId, { clientId: null, configured: false }),
      '/api/discord/invite-url': fixture(API.servers.getInviteUrl, { inviteUrl: null, setupRequired: true }),
    });
    renderScreen(<SetupVerification />);
    await screen.findByText('The bot is not set up yet. Please try again later or contact support.');
    const invitation = card('Bot Invitation');
    expect(within(invitation).getByRole('alert').textContent).toBe(
      'Failed to generate invite URL. Check Discord configuration.',
    );
    expect(within(invitation).queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
