import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@groupflow/core/contracts';
import { fixture, json, renderScreen, stubFetch } from '@groupflow/shell-kit/testing';
import { LabelChips, TicketLabelsDialog } from './TicketLabels.tsx';

const TICKET = fixture(API.support.setTicketLabels, {
  id: 3,
  title: 'Refund',
  description: 'Please',
  category: null,
  priority: 'low',
  status: 'open',
  userEmail: 'vera@example.test',
  userName: 'Vera',
  claimedBy: null,
  claimedByUsername: null,
  claimedAt: null,
  isLocked: false,
  labels: ['billing'],
  firstResponseAt: null,
  slaBreachedAt: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
});

describe('TicketLabelsDialog', () => {
  it('saves the labels typed with commas, without blanks or repeats', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() =>
      json(fixture(API.support.setTicketLabels, { ...TICKET, labels: ['billing', 'vip'] })),
    );
    const onClose = vi.fn();
    renderScreen(<TicketLabelsDialog ticket={TICKET} onClose={onClose} />);
    const field = screen.getByLabelText('Labels');
    expect((field as HTMLInputElement).value).toBe('billing');
    await user.clear(field);
    await user.type(field, 'billing, vip, , billing');
    await user.click(screen.getByRole('button', { name: 'Save labels' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.map((call) => [call.method, call.url, call.body])).toEqual([
      ['PUT', '/api/support/tickets/3/labels', { labels: ['billing', 'vip'] }],
    ]);
  });

  it('says a label over 40 characters is too long and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() => json(TICKET));
    renderScreen(<TicketLabelsDialog ticket={TICKET} onClose={() => {}} />);
    await user.type(screen.getByLabelText('Labels'), `, ${'x'.repeat(41)}`);
    await user.click(screen.getByRole('button', { name: 'Save labels' }));
    expect(await screen.findByText('A label is at most 40 characters')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe('LabelChips', () => {
  it('filters by a label when one is picked', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    renderScreen(<LabelChips labels={['billing', 'vip']} onPick={onPick} />);
    await user.click(screen.getByRole('button', { name: 'Show tickets labelled vip' }));
    expect(onPick).toHaveBeenCalledWith('vip');
  });
});
