import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, type CustomerAccountWire, type Endpoint } from '@groupflow/core/contracts';
import { errorResponse, fixture, json, renderScreen, stubFetch, type FetchCall } from '@groupflow/shell-kit/testing';
import { LEGAL_ERROR_TEXTS } from '../errorTexts.ts';
import { DetailDialog } from './DetailDialog.tsx';

const VIOLATION = fixture(API.legal.getViolation, {
  id: 5,
  violationType: 'spam',
  description: 'Invite spam',
  severity: 'medium',
  status: 'pending',
  actionTaken: null,
  reportedBy: 1,
  reviewedBy: null,
  customerId: null,
  customerName: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const REPORT = fixture(API.legal.getComplianceReport, {
  id: 8,
  title: 'Q1 Compliance Review',
  reportType: 'quarterly',
  reportPeriod: '2026-Q1',
  description: 'Quarterly review.',
  status: 'draft',
  generatedBy: 1,
  publishedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

/** GET answers `row`; PATCH answers `patch(call)` (by default the row updated, as `changed` answers it). */
const stub = (row: Record<string, unknown>, changed: Endpoint, patch?: (call: FetchCall) => Response) =>
  stubFetch((call) =>
    call.method === 'PATCH'
      ? (patch?.(call) ?? json(fixture(changed, { ...row, ...(call.body as object) })))
      : json(row),
  );

describe('DetailDialog status change', () => {
  it('asks for the action taken before moving a violation to action taken, then sends it', async () => {
    const user = userEvent.setup();
    const calls = stub(VIOLATION, API.legal.changeViolationStatus);
    renderScreen(<DetailDialog kind="violations" id={5} onClose={() => {}} />);
    await user.click(await screen.findByRole('combobox', { name: 'Move from pending to' }));
    await user.click(await screen.findByRole('option', { name: 'action taken' }));
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    expect(await screen.findByText('Describe the action taken')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
    await user.type(screen.getByLabelText('Action Taken'), ' Warning issued ');
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')).toMatchObject({
      url: '/api/legal/violations/5',
      body: { status: 'action_taken', actionTaken: 'Warning issued' },
    });
  });

  it('takes a second click before publishing, and Cancel withdraws it', async () => {
    const user = userEvent.setup();
    const calls = stub(REPORT, API.legal.changeComplianceReportStatus);
    const { toasts } = renderScreen(<DetailDialog kind="compliance" id={8} onClose={() => {}} />);
    expect((await screen.findByLabelText('Move from draft to')).textContent).toContain('published');
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    expect(screen.getByText('Move to published? This cannot be undone.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Update Status' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/This record is published/)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([{ status: 'published' }]);
    expect(toasts).toContainEqual({ title: 'Status updated', variant: 'success' });
  });

  it("shows a refused change's server message as an alert", async () => {
    const user = userEvent.setup();
    stub(REPORT, API.legal.changeComplianceReportStatus, () =>
      errorResponse(403, { code: 'LEGAL.LEADERSHIP_ONLY', message: 'Only leadership may publish' }),
    );
    renderScreen(<DetailDialog kind="compliance" id={8} onClose={() => {}} />);
    await screen.findByLabelText('Move from draft to');
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Only leadership may publish');
  });

  it('turns a document off after a confirmation', async () => {
    const user = userEvent.setup();
    const calls = stub(
      fixture(API.legal.getDocument, {
        id: 2,
        title: 'Terms',
        documentType: 'terms',
        version: '1.0',
        content: 'Text',
        isActive: true,
        createdBy: 1,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      }),
      API.legal.setDocumentActive,
    );
    renderScreen(<DetailDialog kind="documents" id={2} onClose={() => {}} />);
    expect((await screen.findByLabelText('Currently active; make it')).textContent).toContain('inactive');
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    expect(screen.getByText('Deactivate this document?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ isActive: false }));
  });
});

const ACCOUNT = fixture(API.customer.listCustomerAccounts, [
  {
    id: 7,
    username: 'raider',
    email: 'raider@example.test',
    discordId: '555',
    robloxId: null,
    robloxUsername: null,
    role: 'user',
    isAdmin: false,
    isBanned: false,
    bannedReason: null,
    bannedBy: null,
    bannedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
])[0]!;
const BANNED: CustomerAccountWire = fixture(API.customer.banCustomer, {
  ...ACCOUNT,
  isBanned: true,
  bannedReason: 'Invite spam',
  bannedBy: 'lena',
});

/** The violation, the search for raider answering `accounts` (any other none), and the ban answering `ban(call)`. */
const serveBan = (accounts: CustomerAccountWire[], ban: (call: FetchCall) => Response = () => json(BANNED)) =>
  stubFetch((call) => {
    if (!call.url.startsWith('/api/staff/customers')) return json(VIOLATION);
    if (call.method === 'POST') return ban(call);
    return json(
      fixture(API.customer.listCustomerAccounts, call.url === '/api/staff/customers?search=raider' ? accounts : []),
    );
  });

/** Opens the violation as a member who may ban, opens its ban and searches for raider; returns the toasts shown. */
const openBan = async (user: ReturnType<typeof userEvent.setup>) => {
  const { toasts } = renderScreen(<DetailDialog kind="violations" id={5} mayBanCustomers onClose={() => {}} />, {
    errorTexts: LEGAL_ERROR_TEXTS,
  });
  await user.click(await screen.findByRole('button', { name: 'Ban customer' }));
  await user.type(screen.getByLabelText('Search customers'), 'raider');
  return toasts;
};

describe('DetailDialog ban from a policy violation', () => {
  it('offers the ban only on a violation, and only to a member who may ban customers', async () => {
    serveBan([ACCOUNT]);
    const { unmount } = renderScreen(<DetailDialog kind="violations" id={5} onClose={() => {}} />);
    await screen.findByLabelText('Move from pending to');
    expect(screen.queryByRole('button', { name: 'Ban customer' })).toBeNull();
    unmount();
    stub(REPORT, API.legal.changeComplianceReportStatus);
    renderScreen(<DetailDialog kind="compliance" id={8} mayBanCustomers onClose={() => {}} />);
    await screen.findByLabelText('Move from draft to');
    expect(screen.queryByRole('button', { name: 'Ban customer' })).toBeNull();
  });

  it('finds the account by search, asks for a reason, and bans it naming the violation', async () => {
    const user = userEvent.setup();
    const calls = serveBan([ACCOUNT]);
    const toasts = await openBan(user);
    await user.click(await screen.findByRole('button', { name: 'Ban raider' }));
    expect(screen.queryByRole('button', { name: 'Change role for raider' })).toBeNull();

    const dialog = screen.getByRole('dialog', { name: 'Ban raider' });
    const confirm = within(dialog).getByRole('button', { name: 'Ban customer' }) as HTMLButtonElement;
    await user.click(within(dialog).getByLabelText('Ban reason (Required)'));
    await user.tab();
    expect(await within(dialog).findByText('Ban reason is required')).toBeTruthy();
    expect(confirm.disabled).toBe(true);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('Ban reason (Required)'), 'Invite spam');
    await user.click(confirm);
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({
        url: '/api/staff/customers/ban',
        body: { userId: 7, reason: 'Invite spam', source: { kind: 'policy_violation', id: 5 } },
      }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ban raider' })).toBeNull());
    expect(toasts).toContainEqual({ title: 'Customer banned', description: 'raider', variant: 'success' });
  });

  it('shows the customer a violation names, and bans from that account without a search', async () => {
    const user = userEvent.setup();
    const calls = stubFetch((call) => {
      if (!call.url.startsWith('/api/staff/customers'))
        return json(fixture(API.legal.getViolation, { ...VIOLATION, customerId: 7, customerName: 'raider' }));
      return json(
        fixture(API.customer.listCustomerAccounts, call.url === '/api/staff/customers?search=7' ? [ACCOUNT] : []),
      );
    });
    renderScreen(<DetailDialog kind="violations" id={5} mayBanCustomers onClose={() => {}} />);
    expect(await screen.findByText('raider (#7)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ban customer' }));
    expect(await screen.findByRole('button', { name: 'Ban raider' })).toBeTruthy();
    expect(screen.queryByLabelText('Search customers')).toBeNull();
    expect(calls.map((call) => call.url)).toContain('/api/staff/customers?search=7');
  });

  it('says when a record names no customer', async () => {
    stubFetch(() => json(VIOLATION));
    renderScreen(<DetailDialog kind="violations" id={5} onClose={() => {}} />);
    expect(await screen.findByText('None named')).toBeTruthy();
  });

  it("shows a banned account's ban and offers Unban", async () => {
    const user = userEvent.setup();
    serveBan([BANNED]);
    await openBan(user);
    expect(await screen.findByText('Banned')).toBeTruthy();
    expect(screen.getByText(/Banned by lena/).textContent).toContain('Invite spam');
    expect(screen.getByRole('button', { name: 'Unban raider' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ban raider' })).toBeNull();
  });

  it("says in the legal area's words when the violation is gone", async () => {
    const user = userEvent.setup();
    serveBan([ACCOUNT], () =>
      errorResponse(404, { code: 'CUSTOMERS.BAN_SOURCE_NOT_FOUND', message: 'No policy violation #5' }),
    );
    const toasts = await openBan(user);
    await user.click(await screen.findByRole('button', { name: 'Ban raider' }));
    const dialog = screen.getByRole('dialog', { name: 'Ban raider' });
    await user.type(within(dialog).getByLabelText('Ban reason (Required)'), 'Invite spam');
    await user.click(within(dialog).getByRole('button', { name: 'Ban customer' }));
    await waitFor(() =>
      expect(toasts).toContainEqual({
        title: 'Ban failed',
        description: 'This policy violation no longer exists',
        variant: 'destructive',
      }),
    );
  });
});
