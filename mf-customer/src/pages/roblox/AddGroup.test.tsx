import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@groupflow/core/contracts';
import { fixture, json, renderScreen, stubFetch } from '@groupflow/shell-kit/testing';
import AddGroup from './AddGroup.tsx';

const FACTS = fixture(API.roblox.lookUpGroup, {
  groupId: '15567637',
  name: 'Obby Makers',
  description: 'We build obbies',
  memberCount: 1247,
  owner: { userId: '1', username: 'obbyqueen', displayName: 'Obby Queen' },
  publicEntryAllowed: true,
  buildersClubMembersOnly: false,
  hasVerifiedBadge: false,
});

describe('AddGroup', () => {
  it('needs both fields and a numeric id before asking the server', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() => json(FACTS));
    renderScreen(<AddGroup />);
    await user.click(screen.getByRole('button', { name: 'Verify Group' }));
    expect(await screen.findByText('Group ID is required')).toBeTruthy();
    expect(screen.getByText('Group name is required')).toBeTruthy();
    await user.type(screen.getByLabelText('Group ID'), 'abc');
    expect(await screen.findByText('Invalid group ID format')).toBeTruthy();
    expect(screen.getByLabelText('Group ID').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
  });

  it('looks the group up with Enter, busy meanwhile, then offers to continue; editing the id asks again', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const calls = stubFetch(() => new Promise<Response>((resolve) => (release = () => resolve(json(FACTS)))));
    const { toasts } = renderScreen(<AddGroup />);
    await user.type(screen.getByLabelText('Group Name'), 'Obby Makers');
    await user.type(screen.getByLabelText('Group ID'), '15567637{Enter}');
    const busy = (await screen.findByRole('button', { name: 'Verifying...' })) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    release();
    expect(await screen.findByRole('button', { name: 'Continue to Management' })).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/roblox/group/15567637');
    expect(toasts).toContainEqual({ title: 'Group Verified', description: 'Obby Makers', variant: 'success' });
    await user.type(screen.getByLabelText('Group ID'), '8');
    expect(screen.getByRole('button', { name: 'Verify Group' })).toBeTruthy();
  });

  it('says so when the group cannot be found', async () => {
    const user = userEvent.setup();
    stubFetch(() => json({ message: 'Group not found' }, 404));
    const { toasts } = renderScreen(<AddGroup />);
    await user.type(screen.getByLabelText('Group Name'), 'Nope');
    await user.type(screen.getByLabelText('Group ID'), '42{Enter}');
    await waitFor(() =>
      expect(toasts).toContainEqual({
        title: 'Verification Failed',
        description: 'Please check the group ID and try again.',
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('button', { name: 'Verify Group' })).toBeTruthy();
  });

  it('confirms Reset All Data in an alert dialog: Escape cancels and focus returns', async () => {
    const user = userEvent.setup();
    localStorage.setItem('selectedGroup', '{}');
    renderScreen(<AddGroup />);
    const reset = screen.getByRole('button', { name: 'Reset All Data' });
    await user.click(reset);
    expect(screen.getByRole('alertdialog', { name: 'Reset all data?' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(reset));
    expect(localStorage.getItem('selectedGroup')).toBe('{}');
  });
});
