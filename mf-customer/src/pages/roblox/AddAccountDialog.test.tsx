import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@groupflow/core/contracts';
import { fixture, json, renderScreen, stubFetch, type FetchCall } from '@groupflow/shell-kit/testing';
import { AddAccountDialog } from './AddAccountDialog.tsx';

const MATCH = { id: '99', name: 'ObbyQueen', displayName: 'Obby Queen' };
const CANCELLED = fixture(API.roblox.cancelRobloxClaim, { message: 'Pending Roblox account cancelled' });

function Opener({ onVerified }: { onVerified: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Add Account
      </button>
      {open && <AddAccountDialog codeLength={8} onClose={() => setOpen(false)} onVerified={onVerified} />}
    </>
  );
}

const server = (verify: (call: FetchCall) => Response) =>
  stubFetch((call) => {
    if (call.url.startsWith('/api/roblox/users/search'))
      return json(fixture(API.roblox.searchRobloxUsers, { data: [MATCH] }));
    if (call.url === '/api/user/link-roblox')
      return json(
        fixture(API.roblox.linkRobloxAccount, {
          robloxUsername: 'ObbyQueen',
          robloxId: '99',
          isVerified: false,
          currentRoles: [],
        }),
      );
    if (call.url === '/api/user/roblox/verification-code')
      return json(
        fixture(API.roblox.issueVerificationCode, { code: 'GF-12345', expiresAt: '2026-01-01T00:00:00.000Z' }),
      );
    return verify(call);
  });

describe('AddAccountDialog', () => {
  it('keeps Continue disabled until a username is typed, then issues the code with Enter', async () => {
    const user = userEvent.setup();
    const calls = server(() => json(CANCELLED));
    renderScreen(<Opener onVerified={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Add Account' }));
    const username = screen.getByLabelText('Roblox Username');
    await waitFor(() => expect(document.activeElement).toBe(username));
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(username, '  obbyqueen {Enter}');
    expect((await screen.findByTestId('verification-code')).textContent).toBe('GF-12345');
    expect(calls.map((call) => call.url)).toEqual([
      '/api/roblox/users/search?keyword=obbyqueen',
      '/api/user/link-roblox',
      '/api/user/roblox/verification-code',
    ]);
    expect(calls[1]?.body).toEqual({ username: 'ObbyQueen' });
    expect(calls[2]?.body).toEqual({ length: 8 });
  });

  it('asks the server to check the profile for the code it showed, says what to do when it is not there yet, and on success tells the screen', async () => {
    const user = userEvent.setup();
    const onVerified = vi.fn();
    const NOT_YET =
      "We couldn't find GF-12345 in ObbyQueen's About yet. Save the profile on Roblox, wait a moment and press Verify again";
    let accept = false;
    const calls = server(() =>
      accept
        ? json(fixture(API.roblox.verifyRobloxCode, { isVerified: true, robloxId: '99', robloxUsername: 'ObbyQueen' }))
        : json({ code: 'ROBLOX.CODE_NOT_IN_PROFILE', message: NOT_YET }, 400),
    );
    const { toasts } = renderScreen(<Opener onVerified={onVerified} />);
    await user.click(screen.getByRole('button', { name: 'Add Account' }));
    await user.type(screen.getByLabelText('Roblox Username'), 'ObbyQueen{Enter}');
    await screen.findByTestId('verification-code');
    // Nothing to retype: the dialog shows the code and only asks for Verify.
    expect(screen.queryByLabelText('Verification code')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(toasts).toContainEqual({ title: 'Verification Failed', description: NOT_YET, variant: 'destructive' }),
    );
    expect(onVerified).not.toHaveBeenCalled();
    accept = true;
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(onVerified).toHaveBeenCalledWith(MATCH);
    expect(calls.at(-1)).toMatchObject({ url: '/api/user/roblox/verify-code', body: {} });
    expect(toasts).toContainEqual({
      title: 'Success!',
      description: 'Roblox account verified successfully',
      variant: 'success',
    });
  });

  it('goes Back to the username step and closes on Escape with focus on the opener', async () => {
    const user = userEvent.setup();
    server(() => json(CANCELLED));
    renderScreen(<Opener onVerified={() => {}} />);
    const opener = screen.getByRole('button', { name: 'Add Account' });
    await user.click(opener);
    await user.type(screen.getByLabelText('Roblox Username'), 'ObbyQueen{Enter}');
    await screen.findByTestId('verification-code');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Roblox Username')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('drops the unproven claim on Back and when closed before the proof, never after it (issue 22, F3)', async () => {
    const user = userEvent.setup();
    const calls = server(() => json(CANCELLED));
    renderScreen(<Opener onVerified={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Add Account' }));
    await user.type(screen.getByLabelText('Roblox Username'), 'ObbyQueen{Enter}');
    await screen.findByTestId('verification-code');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1));
    await user.type(screen.getByLabelText('Roblox Username'), 'ObbyQueen{Enter}');
    await screen.findByTestId('verification-code');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/user/roblox/claim',
      '/api/user/roblox/claim',
    ]);
  });
});
