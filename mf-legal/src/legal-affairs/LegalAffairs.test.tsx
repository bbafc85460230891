import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, type StaffPermission } from '@groupflow/core/contracts';
import { STAFF_TOKEN_KEY, STAFF_USER_KEY } from '@groupflow/shell-kit';
import {
  errorResponse,
  fixture,
  json,
  renderScreen,
  staffUserWire,
  stubFetch,
  type FetchCall,
} from '@groupflow/shell-kit/testing';
import { LEGAL_ERROR_TEXTS } from '../errorTexts.ts';
import LegalAffairs from './LegalAffairs.tsx';

const DIRECTOR = staffUserWire({ id: 2, username: 'lena', role: 'director_legal_affairs_safety' });
const SUMMARY = fixture(API.legal.summarizeLegalAffairs, {
  cases: { total: 1, underInvestigation: 1 },
  violations: { total: 0, pendingReview: 0 },
  documents: { total: 0, active: 0 },
  compliance: { total: 0, published: 0 },
});
const CASE = {
  id: 4,
  caseNumber: 'LC-0004',
  title: 'Impersonation',
  description: 'A member pretended to own a group.',
  caseType: 'fraud',
  severity: 'high',
  status: 'investigation',
  reportedBy: 2,
  customerId: null,
  customerName: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
} as const;

const VIOLATION = {
  id: 5,
  violationType: 'spam',
  description: 'Invite spam',
  severity: 'medium',
  status: 'pending',
  actionTaken: null,
  reportedBy: 2,
  reviewedBy: null,
  customerId: null,
  customerName: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
} as const;

/**
 * A signed-in legal director with the `permissions` validate-token lists; `cases` answers the case list, the
 * violations list holds one violation, the other lists are empty.
 */
const serve = (cases: (call: FetchCall) => Response, permissions: StaffPermission[] = []) => {
  localStorage.setItem(STAFF_TOKEN_KEY, 'tok');
  localStorage.setItem(STAFF_USER_KEY, JSON.stringify(DIRECTOR));
  return stubFetch((call) => {
    if (call.url === '/api/staff/validate-token')
      return json(fixture(API.staff.validateToken, { ...DIRECTOR, mustEnrollMfa: false, permissions }));
    if (call.url === '/api/legal/summary') return json(SUMMARY);
    if (call.url === '/api/legal/cases') return cases(call);
    if (call.url === '/api/legal/violations') return json(fixture(API.legal.listViolations, [VIOLATION]));
    if (call.url === '/api/legal/violations/5') return json(fixture(API.legal.getViolation, VIOLATION));
    return json(fixture(API.legal.listDocuments, []));
  });
};

const renderLegal = () => renderScreen(<LegalAffairs />, { path: '/legal-affairs', errorTexts: LEGAL_ERROR_TEXTS });

describe('LegalAffairs records', () => {
  it('lists the cases from the paged endpoint', async () => {
    serve(() => json(fixture(API.legal.listCases, [CASE])));
    renderLegal();
    expect(await screen.findByText('Impersonation')).toBeTruthy();
    expect(screen.getByText('Case #LC-0004 • fraud')).toBeTruthy();
    expect(screen.getByTestId('summary-Legal Cases').textContent).toBe('1');
  });

  it('names the customer a case concerns after the row text', async () => {
    serve(() => json(fixture(API.legal.listCases, [{ ...CASE, customerId: 21, customerName: 'raider' }])));
    renderLegal();
    expect(await screen.findByText('Case #LC-0004 • fraud • Customer: raider')).toBeTruthy();
  });

  it('says an empty list is empty', async () => {
    serve(() => json(fixture(API.legal.listCases, [])));
    renderLegal();
    expect(await screen.findByText('No legal cases yet.')).toBeTruthy();
  });

  it('says a failed list failed, with the server’s word and a Retry, never "No legal cases yet."', async () => {
    const user = userEvent.setup();
    let fail = true;
    serve(() =>
      fail
        ? errorResponse(503, { code: 'SERVER.DATABASE_UNAVAILABLE', message: 'The database is unavailable' })
        : json(fixture(API.legal.listCases, [CASE])),
    );
    renderLegal();
    const panel = await screen.findByRole('tabpanel');
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toContain('Failed to load legal cases. The database is unavailable');
    expect(screen.queryByText('No legal cases yet.')).toBeNull();

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Impersonation')).toBeTruthy();
  });
});

describe('LegalAffairs ban from a violation', () => {
  const review = async (permissions: StaffPermission[]) => {
    const user = userEvent.setup();
    serve(() => json(fixture(API.legal.listCases, [])), permissions);
    renderLegal();
    await user.click(await screen.findByRole('tab', { name: 'Policy Violations' }));
    await user.click(await screen.findByRole('button', { name: 'Review' }));
    await screen.findByLabelText('Move from pending to');
  };

  it("offers Ban customer in a violation's review once validate-token lists customers.ban", async () => {
    // The stored user carries no permissions: the offer follows the server's answer.
    await review(['customers.ban']);
    expect(await screen.findByRole('button', { name: 'Ban customer' })).toBeTruthy();
  });

  it('offers no ban to a member without customers.ban', async () => {
    await review(['tickets.manage']);
    expect(screen.queryByRole('button', { name: 'Ban customer' })).toBeNull();
  });
});
