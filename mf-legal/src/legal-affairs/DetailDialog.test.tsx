import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@groupflow/core/contracts';
import { errorResponse, fixture, json, renderScreen, stubFetch, type FetchCall } from '@groupflow/shell-kit/testing';
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

/** GET answers `row`; PATCH answers `patch(call)` (the updated row by default). */
const stub = (row: Record<string, unknown>, patch?: (call: FetchCall) => Response) =>
  stubFetch((call) =>
    call.method === 'PATCH' ? (patch?.(call) ?? json({ ...row, ...(call.body as object) })) : json(row),
  );

describe('DetailDialog status change', () => {
  it('asks for the action taken before moving a violation to action taken, then sends it', async () => {
    const user = userEvent.setup();
    const calls = stub(VIOLATION);
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
    const calls = stub(REPORT);
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
    stub(REPORT, () => errorResponse(403, { code: 'LEGAL.LEADERSHIP_ONLY', message: 'Only leadership may publish' }));
    renderScreen(<DetailDialog kind="compliance" id={8} onClose={() => {}} />);
    await screen.findByLabelText('Move from draft to');
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Only leadership may publish');
  });

  it('turns a document off after a confirmation', async () => {
    const user = userEvent.setup();
    const calls = stub({
      id: 2,
      title: 'Terms',
      documentType: 'terms',
      version: '1.0',
      content: 'Text',
      isActive: true,
      createdBy: 1,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    renderScreen(<DetailDialog kind="documents" id={2} onClose={() => {}} />);
    expect((await screen.findByLabelText('Currently active; make it')).textContent).toContain('inactive');
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    expect(screen.getByText('Deactivate this document?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ isActive: false }));
  });
});
