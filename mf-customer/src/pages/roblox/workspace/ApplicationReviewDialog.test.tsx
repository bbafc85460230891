import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@groupflow/core/contracts';
import { fixture, json, renderScreen, stubFetch } from '@groupflow/shell-kit/testing';
import { ApplicationReviewDialog } from './ApplicationReviewDialog.tsx';

const RANKS = fixture(API.roblox.listGroupRanks, [
  { rankId: 1, rankName: 'Member', memberCount: 3, roleId: '1' },
  { rankId: 10, rankName: 'Staff', memberCount: 1, roleId: '2' },
]);
const application = { id: 5, applicantName: 'Newbie', desiredRank: 'Staff' };
const answer = fixture(API.roblox.reviewApplication, {
  application: {
    ...application,
    status: 'accepted',
    createdAt: '2026-11-26T12:00:00.000Z',
    reviewNote: 'Hi',
    reviewedBy: 'Owner',
  },
  rankChange: null,
});

describe('ApplicationReviewDialog', () => {
  it('accepts with a note and the rank to give, as one review', async () => {
    const user = userEvent.setup();
    const calls = stubFetch((call) => (call.url.endsWith('/ranks') ? json(RANKS) : json(answer)));
    renderScreen(<ApplicationReviewDialog groupId="777" application={application} onClose={() => {}} />);
    await user.type(screen.getByLabelText('Note'), 'Welcome');
    await user.type(screen.getByLabelText(/Roblox id/), '43');
    await user.click(screen.getByRole('combobox', { name: 'Rank to give' }));
    await user.click(await screen.findByRole('option', { name: 'Staff (10)' }));
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/roblox/groups/777/applications/5/review',
      body: { decision: 'accepted', note: 'Welcome', rank: { userId: '43', rankId: 10 } },
    });
  });

  it('asks for the rank when a Roblox id is given without one, and rejects without ranking', async () => {
    const user = userEvent.setup();
    const calls = stubFetch((call) => (call.url.endsWith('/ranks') ? json(RANKS) : json(answer)));
    renderScreen(<ApplicationReviewDialog groupId="777" application={application} onClose={() => {}} />);
    await user.type(screen.getByLabelText(/Roblox id/), '43');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText("Give both the applicant's Roblox id and the rank, or neither")).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('combobox', { name: 'Decision' }));
    await user.click(await screen.findByRole('option', { name: 'Reject' }));
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ decision: 'rejected' });
  });
});
