import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@groupflow/core/contracts';
import { errorResponse, fixture, json, renderScreen, staffUserWire, stubFetch } from '@groupflow/shell-kit/testing';
import { STAFF_ERROR_TEXTS } from '../../errorTexts.ts';
import { SlaTab } from './SlaTab.tsx';
import { TicketsTab } from './TicketsTab.tsx';

const POLICIES = fixture(API.support.readSlaPolicies, {
  policies: [
    { priority: 'low', firstResponseMinutes: 600, resolutionHours: 96 },
    { priority: 'medium', firstResponseMinutes: 240, resolutionHours: 48 },
    { priority: 'high', firstResponseMinutes: 60, resolutionHours: 12 },
    { priority: 'urgent', firstResponseMinutes: 15, resolutionHours: 4 },
  ],
});
const DIRECTOR = staffUserWire({ id: 2, username: 'dora', role: 'customer_support_director' });
const AGENT = staffUserWire({ id: 3, username: 'carl', role: 'customer_support' });

const renderTab = (user: typeof DIRECTOR) =>
  renderScreen(<SlaTab user={user} />, { path: '/support-tickets', errorTexts: STAFF_ERROR_TEXTS });

describe('SlaTab', () => {
  it('lets a director change a target and saves one policy per priority', async () => {
    const user = userEvent.setup();
    const calls = stubFetch((call) => (call.method === 'PUT' ? json(call.body) : json(POLICIES)));
    renderTab(DIRECTOR);
    const urgent = await screen.findByLabelText('Urgent first response (minutes)');
    await user.clear(urgent);
    await user.type(urgent, '10');
    await user.click(screen.getByRole('button', { name: 'Save SLA policies' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toBe('/api/support/sla');
    expect(put?.body).toEqual({
      policies: POLICIES.policies.map((p) => (p.priority === 'urgent' ? { ...p, firstResponseMinutes: 10 } : p)),
    });
  });

  it("says the server's refusal", async () => {
    const user = userEvent.setup();
    stubFetch((call) =>
      call.method === 'PUT'
        ? errorResponse(400, { code: 'VALIDATION.FAILED', message: 'Too big: expected number to be <=10080' })
        : json(POLICIES),
    );
    renderTab(DIRECTOR);
    await user.click(await screen.findByRole('button', { name: 'Save SLA policies' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
  });

  it('shows an agent the targets read-only, with nothing to save', async () => {
    stubFetch(() => json(POLICIES));
    renderTab(AGENT);
    const field = (await screen.findByLabelText('Low resolution (hours)')) as HTMLInputElement;
    expect(field.value).toBe('96');
    expect(field.readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save SLA policies' })).toBeNull();
    expect(screen.getByText(/Only customer support directors and the platform owner/)).toBeTruthy();
  });
});

const LATE = {
  id: 9,
  title: 'Nobody answered',
  description: 'Still waiting',
  category: null,
  priority: 'urgent' as const,
  status: 'open' as const,
  userEmail: 'vera@example.test',
  userName: 'Vera',
  claimedBy: null,
  claimedByUsername: null,
  claimedAt: null,
  isLocked: false,
  labels: [],
  firstResponseAt: null,
  slaBreachedAt: '2026-11-28T10:20:00.000Z',
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
  sla: { firstResponseDueAt: '2026-11-28T10:15:00.000Z', resolutionDueAt: '2026-11-28T14:00:00.000Z', breached: true },
};

describe('TicketsTab SLA', () => {
  it('marks a breached ticket with its due time and asks the server for breached tickets only', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() => json(fixture(API.support.listTickets, [LATE])));
    renderScreen(<TicketsTab user={AGENT} live />, { path: '/support-tickets', errorTexts: STAFF_ERROR_TEXTS });
    expect(await screen.findByText('SLA breached')).toBeTruthy();
    expect(screen.getByText(/First response due/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Breached' }));
    await waitFor(() => expect(calls.some((call) => call.url.includes('sla=breached'))).toBe(true));
    expect(screen.getByRole('button', { name: 'Breached' }).getAttribute('aria-pressed')).toBe('true');
  });
});
