/**
 * The legal affairs API over HTTP against real PostgreSQL: staff-only access, server-set authors, numbering
 * under concurrent creation, pagination and status moves with their activity entries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffMember } from '@groupflow/core';
import { SESSION_COOKIE } from '@groupflow/adapters/http/createHttpApp';
import { Activity, LegalCase, PolicyViolation } from '@groupflow/adapters/persistence/entities/index';
import { decodeCursor, type LegalSummary } from '@groupflow/core/contracts';
import { callApi, startTestApi, type TestApi } from './apiHarness.ts';

let api: TestApi;
let support: StaffMember;
let supportToken: string;
let directorToken: string;
/** Other test files share this database and may have filed legal records; the summary is checked against this. */
let summaryBefore: LegalSummary;

// The assertions read many record shapes, so the body is left untyped here.
const call = (
  method: string,
  path: string,
  token: string | undefined,
  body?: unknown,
  headers: Record<string, string> = {},
) => callApi<any>(api.url, method, path, token, body, headers);

const newCase = (title = 'Impersonation of a group owner') => ({
  title,
  caseType: 'fraud',
  severity: 'high',
  description: 'Reported by the owner',
});

beforeAll(async () => {
  api = await startTestApi({
    LEGAL_LIST_DEFAULT_LIMIT: '3',
    LEGAL_LIST_MAX_LIMIT: '5',
    STAFF_CUSTOMER_PICKER_LIMIT: '3',
  });
  support = await api.provisionStaff('customer_support');
  supportToken = await api.login(support.email);
  directorToken = await api.login((await api.provisionStaff('director_legal_affairs_safety')).email);
  summaryBefore = (await call('GET', '/api/legal/summary', supportToken)).body;
});

afterAll(async () => {
  await api?.close();
});

describe('legal API access', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/legal/cases'],
    ['GET', '/api/legal/violations'],
    ['GET', '/api/legal/documents'],
    ['GET', '/api/legal/compliance'],
    ['GET', '/api/legal/summary'],
    ['GET', '/api/legal/cases/1'],
    ['POST', '/api/legal/cases', newCase()],
    ['PATCH', '/api/legal/cases/1', { status: 'review' }],
    ['GET', '/api/legal/'],
    ['DELETE', '/api/legal/no-such-thing'],
  ];

  it.each(calls)(
    '%s %s is 401 anonymously and with a customer session cookie, and writes nothing',
    async (method, path, body) => {
      const before = await api.orm.em.fork().count(LegalCase, {});
      for (const headers of [
        {},
        { Cookie: `${SESSION_COOKIE}=made-up-customer-session; ${SESSION_COOKIE}.sig=made-up-signature` },
      ] as Record<string, string>[]) {
        const response = await call(method, path, undefined, body, headers);
        expect(response.status).toBe(401);
        expect(response.body).toHaveProperty('message');
      }
      expect(await api.orm.em.fork().count(LegalCase, {})).toBe(before);
    },
  );

  it('refuses a made-up bearer token', async () => {
    expect((await call('GET', '/api/legal/cases', 'not-a-token')).status).toBe(401);
  });
});

describe('creating legal records', () => {
  it('sets the author from the token, ignoring any value sent, and applies the defaults', async () => {
    const created = await call('POST', '/api/legal/cases', supportToken, {
      ...newCase(),
      reportedBy: 999,
      caseNumber: 'LC-1999-000001',
      status: 'closed',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ reportedBy: support.id, status: 'investigation', severity: 'high' });
    expect(created.body.caseNumber).toMatch(/^LC-\d{4}-\d{6}$/);

    const violation = await call('POST', '/api/legal/violations', supportToken, {
      violationType: 'spam',
      description: 'Bot',
      reportedBy: 1,
    });
    expect(violation.body).toMatchObject({
      reportedBy: support.id,
      status: 'pending',
      severity: 'medium',
      actionTaken: null,
    });
    const document = await call('POST', '/api/legal/documents', supportToken, {
      title: 'Terms of Service',
      documentType: 'terms',
      version: '1.0',
      content: 'Text',
      createdBy: 1,
      isActive: false,
    });
    expect(document.body).toMatchObject({ createdBy: support.id, isActive: true });
    const report = await call('POST', '/api/legal/compliance', supportToken, {
      title: 'Q1',
      reportType: 'quarterly',
      reportPeriod: '2026-Q1',
      description: 'Quarter',
      generatedBy: 1,
    });
    expect(report.body).toMatchObject({ generatedBy: support.id, status: 'draft', publishedAt: null });
  });

  it('answers bad input with 400 naming each field, and writes nothing', async () => {
    const before = await api.orm.em.fork().count(LegalCase, {});
    const response = await call('POST', '/api/legal/cases', supportToken, {
      title: 'x'.repeat(256),
      caseType: 'unknown',
      description: '',
    });
    expect(response.status).toBe(400);
    expect(response.body.issues.map((i: { path: string[] }) => i.path[0]).sort()).toEqual([
      'caseType',
      'description',
      'title',
    ]);
    expect(await api.orm.em.fork().count(LegalCase, {})).toBe(before);
  });

  it('gives 20 concurrent case creations 20 distinct consecutive numbers', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call('POST', '/api/legal/cases', supportToken, newCase(`Concurrent ${i}`))),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const sequences = results.map((r) => Number(String(r.body.caseNumber).split('-')[2])).sort((a, b) => a - b);
    expect(new Set(sequences).size).toBe(20);
    expect(sequences.at(-1)! - sequences[0]!).toBe(19);
    const all = await api.orm.em.fork().find(LegalCase, {}, { orderBy: { caseNumber: 'asc' } });
    const numbers = all.map((c) => Number(c.caseNumber.split('-')[2]));
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });

  it('records each creation as a staff activity', async () => {
    const rows = await api.orm.em.fork().find(Activity, { staffUserId: support.id, type: { $like: 'legal.%' } });
    expect(rows.map((r) => r.type)).toEqual(
      expect.arrayContaining([
        'legal.case_created',
        'legal.violation_reported',
        'legal.document_created',
        'legal.report_generated',
      ]),
    );
  });
});

describe('listing legal records', () => {
  it('is newest first and paginated through X-Next-Cursor', async () => {
    const first = await call('GET', '/api/legal/cases', supportToken);
    expect(first.body).toHaveLength(3);
    const ids = first.body.map((c: { id: number }) => c.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const cursor = first.headers.get('x-next-cursor');
    expect(decodeCursor(cursor ?? '')).toEqual({ id: ids[2] });
    const second = await call('GET', `/api/legal/cases?before=${cursor}&limit=100`, supportToken);
    expect(second.body).toHaveLength(5);
    expect(second.body[0].id).toBeLessThan(ids[2]);
  });

  it('counts every record for the summary cards', async () => {
    const summary: LegalSummary = (await call('GET', '/api/legal/summary', supportToken)).body;
    const added = (card: keyof LegalSummary) =>
      Object.fromEntries(
        Object.entries(summary[card]).map(([name, count]) => [
          name,
          count - ((summaryBefore[card] as Record<string, number>)[name] ?? 0),
        ]),
      );
    expect({
      cases: added('cases'),
      violations: added('violations'),
      documents: added('documents'),
      compliance: added('compliance'),
    }).toEqual({
      cases: { total: 21, underInvestigation: 21 },
      violations: { total: 1, pendingReview: 1 },
      documents: { total: 1, active: 1 },
      compliance: { total: 1, published: 0 },
    });
  });
});

describe('changing status', () => {
  it('moves a case, refuses a move the rules do not allow, and leaves closing to leadership', async () => {
    const { body: created } = await call('POST', '/api/legal/cases', supportToken, newCase('To be moved'));
    const path = `/api/legal/cases/${created.id}`;
    expect((await call('PATCH', path, supportToken, { status: 'review' })).body).toMatchObject({ status: 'review' });
    expect((await call('PATCH', path, supportToken, { status: 'closed' })).status).toBe(403);
    expect((await call('PATCH', path, directorToken, { status: 'closed' })).body).toMatchObject({ status: 'closed' });
    const refused = await call('PATCH', path, directorToken, { status: 'review' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('A legal case cannot move from closed to review');
    expect((await call('PATCH', path, directorToken, { status: 'archived' })).status).toBe(400);
    expect((await call('GET', path, supportToken)).body).toMatchObject({
      status: 'closed',
      caseNumber: created.caseNumber,
    });
    const activity = await api.orm.em
      .fork()
      .find(
        Activity,
        { type: 'legal.case_status_changed', description: { $like: `%${created.caseNumber}%` } },
        { orderBy: { id: 'asc' } },
      );
    expect(activity.map((a) => a.description)).toEqual([
      expect.stringContaining(`${created.caseNumber} from investigation to review`),
      expect.stringContaining(`${created.caseNumber} from review to closed`),
    ]);
  });

  it('publishes a report with publishedAt and deactivates a document', async () => {
    const [report] = (await call('GET', '/api/legal/compliance', supportToken)).body;
    const published = await call('PATCH', `/api/legal/compliance/${report.id}`, directorToken, { status: 'published' });
    expect(published.body.status).toBe('published');
    expect(new Date(published.body.publishedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const [document] = (await call('GET', '/api/legal/documents', supportToken)).body;
    expect(
      (await call('PATCH', `/api/legal/documents/${document.id}`, directorToken, { isActive: false })).body,
    ).toMatchObject({
      isActive: false,
    });
  });

  it('answers 404 for an unknown record or path', async () => {
    expect((await call('GET', '/api/legal/no-such-thing', supportToken)).status).toBe(404);
    expect((await call('GET', '/api/legal/violations/999999', supportToken)).status).toBe(404);
    expect((await call('PATCH', '/api/legal/violations/999999', supportToken, { status: 'review' })).status).toBe(404);
  });
});

/** A customer account named for this file's run, straight into the users table (no sign-in is needed here). */
async function customerAccount(username: string): Promise<number> {
  const [row] = await api.orm.em
    .fork()
    .getConnection()
    .execute<{ id: number }[]>('insert into users (username) values (?) returning id', [username]);
  return row!.id;
}

describe('naming the customer a case or a violation report concerns (issue 36)', () => {
  it('stores the customer on a case and a violation and shows their name on every read', async () => {
    const name = `legalnamed${process.pid}`;
    const customerId = await customerAccount(name);
    const created = await call('POST', '/api/legal/cases', supportToken, { ...newCase(), customerId });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ customerId, customerName: name });
    expect((await call('GET', `/api/legal/cases/${created.body.id}`, supportToken)).body).toMatchObject({
      customerId,
      customerName: name,
    });
    expect((await call('GET', '/api/legal/cases', supportToken)).body[0]).toMatchObject({ customerId });

    const reported = await call('POST', '/api/legal/violations', supportToken, {
      violationType: 'spam',
      description: 'Invite spam in DMs',
      customerId,
    });
    expect(reported.status).toBe(201);
    expect((await call('GET', `/api/legal/violations/${reported.body.id}`, supportToken)).body).toMatchObject({
      customerId,
      customerName: name,
    });
    // A status change keeps the customer.
    const moved = await call('PATCH', `/api/legal/violations/${reported.body.id}`, supportToken, { status: 'review' });
    expect(moved.body).toMatchObject({ status: 'review', customerId, customerName: name });
  });

  it('leaves the customer empty when none is named', async () => {
    const created = await call('POST', '/api/legal/cases', supportToken, newCase());
    expect(created.body).toMatchObject({ customerId: null, customerName: null });
  });

  it('refuses an account that does not exist with 400 LEGAL.CUSTOMER_NOT_FOUND, storing nothing', async () => {
    const em = api.orm.em.fork();
    const [cases, violations] = [await em.count(LegalCase, {}), await em.count(PolicyViolation, {})];
    const caseAnswer = await call('POST', '/api/legal/cases', supportToken, {
      ...newCase(),
      customerId: 2_000_000_000,
    });
    expect(caseAnswer.status).toBe(400);
    expect(caseAnswer.body).toMatchObject({
      code: 'LEGAL.CUSTOMER_NOT_FOUND',
      issues: [{ path: ['customerId'], message: 'No customer account has this id' }],
    });
    const violationAnswer = await call('POST', '/api/legal/violations', supportToken, {
      violationType: 'spam',
      description: 'd',
      customerId: 2_000_000_000,
    });
    expect(violationAnswer.body).toMatchObject({ code: 'LEGAL.CUSTOMER_NOT_FOUND' });
    const malformed = await call('POST', '/api/legal/cases', supportToken, { ...newCase(), customerId: 'raider' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.issues.map((i: { path: string[] }) => i.path[0])).toEqual(['customerId']);
    expect([await em.count(LegalCase, {}), await em.count(PolicyViolation, {})]).toEqual([cases, violations]);
  });

  it('finds customers by name for any staff member, a few at most, with no email or ban', async () => {
    const stem = `pick${process.pid}x`;
    for (const suffix of ['a', 'b', 'c', 'd']) await customerAccount(`${stem}${suffix}`);
    const found = await call('GET', `/api/staff/customers/search?q=${stem.toUpperCase()}`, supportToken);
    expect(found.status).toBe(200);
    expect(found.body).toEqual([
      { id: expect.any(Number), username: `${stem}a`, robloxUsername: null },
      { id: expect.any(Number), username: `${stem}b`, robloxUsername: null },
      { id: expect.any(Number), username: `${stem}c`, robloxUsername: null },
    ]);
  });

  it('answers a search shorter than 2 characters with 400, and a LIKE wildcard as plain text', async () => {
    const short = await call('GET', '/api/staff/customers/search?q=%20a%20', supportToken);
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ code: 'REQUEST.INVALID', issues: [{ path: ['q'] }] });
    expect((await call('GET', '/api/staff/customers/search?q=%25%25', supportToken)).body).toEqual([]);
  });

  it('refuses the customer search without a staff token (a customer cookie is not one)', async () => {
    const cookie = { Cookie: `${SESSION_COOKIE}=made-up-customer-session; ${SESSION_COOKIE}.sig=made-up-signature` };
    expect((await call('GET', '/api/staff/customers/search?q=pick', undefined, undefined, cookie)).status).toBe(401);
  });
});
