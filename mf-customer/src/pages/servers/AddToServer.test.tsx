import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorResponse, fixture, json, renderScreen, stubFetch } from '@groupflow/shell-kit/testing';
import { API, BOT_INVITE_PERMISSIONS } from '@groupflow/core/contracts';
import AddToServer from './AddToServer.tsx';

/** A visitor's Add to Server page; `invite` is the server's invite answer. */
function visit(invite: { inviteUrl: string | null; setupRequired: boolean }) {
  stubFetch(({ url }) => {
    if (url === '/api/user') return errorResponse(401, { code: 'AUTH.SIGN_IN_REQUIRED', message: 'Not signed in' });
    if (url === '/api/discord/invite-url') return json(fixture(API.servers.getInviteUrl, invite));
    return json(
      fixture(API.servers.getBotStatus, { hasToken: true, isOnline: true, guildCount: 1, connectedServers: [] }),
    );
  });
  return renderScreen(<AddToServer />);
}

describe('AddToServer', () => {
  it('lists exactly the permissions the invite asks for, and helps with adding GroupFlow, not with running it', async () => {
    const user = userEvent.setup();
    visit({ inviteUrl: null, setupRequired: true });
    const list = (await screen.findByRole('heading', { name: 'Permissions Required' })).closest('section')!;
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(BOT_INVITE_PERMISSIONS.map((permission) => permission.label));
    await user.click(screen.getByRole('button', { name: 'Need Help with Setup?' }));
    const guide = await screen.findByRole('dialog', { name: 'Need Help with Setup?' });
    expect(guide.textContent).toContain('drag the GroupFlow role above every role it should give');
    expect(guide.textContent).not.toMatch(/YOUR_APPLICATION_ID|Developer Portal|New Application/);
  });

  it('tells a customer adding is unavailable when GroupFlow is not set up, without sending them to set it up', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { toasts } = visit({ inviteUrl: null, setupRequired: true });
    await user.click(await screen.findByRole('button', { name: 'Add to Server' }));
    await waitFor(() =>
      expect(toasts).toContainEqual(
        expect.objectContaining({ title: 'Adding GroupFlow is unavailable', variant: 'destructive' }),
      ),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    open.mockRestore();
  });
});
