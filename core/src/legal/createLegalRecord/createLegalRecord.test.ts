import { describe, expect, it } from 'vitest';
import { FixedClock, InMemoryStaffActivityLog, SpyTransaction, makeStaffMember } from '../../staff/testing/fakes.ts';
import { InMemoryCaseNumberSequence, makeLegalStores } from '../testing/fakes.ts';
import { CreateLegalRecord } from './createLegalRecord.ts';

const actor = makeStaffMember({ id: 7, username: 'lena' });
const caseInput = {
  title: 'Impersonation',
  caseType: 'fraud',
  severity: 'high',
  description: 'Reported by a group owner',
} as const;

const makeSut = (now = new Date('2026-03-04T10:00:00Z')) => {
  const stores = makeLegalStores();
  const activities = new InMemoryStaffActivityLog();
  const transaction = new SpyTransaction();
  const clock = new FixedClock(now);
  const sut = new CreateLegalRecord(
    stores,
    new InMemoryCaseNumberSequence(stores.cases),
    activities,
    transaction,
    clock,
  );
  return { sut, stores, activities, transaction, clock };
};

describe('CreateLegalRecord', () => {
  it('numbers cases consecutively within the year, starting at 1', async () => {
    const { sut } = makeSut();
    const first = await sut.execute(actor, { kind: 'cases', input: caseInput });
    const second = await sut.execute(actor, { kind: 'cases', input: caseInput });
    expect(first).toMatchObject({
      caseNumber: 'LC-2026-000001',
      status: 'investigation',
      reportedBy: 7,
      severity: 'high',
    });
    expect(second).toMatchObject({ caseNumber: 'LC-2026-000002' });
  });

  it('restarts the count in a new year', async () => {
    const { sut, clock } = makeSut(new Date('2026-12-31T23:59:00Z'));
    await sut.execute(actor, { kind: 'cases', input: caseInput });
    clock.advance(2 * 60_000);
    expect(await sut.execute(actor, { kind: 'cases', input: caseInput })).toMatchObject({
      caseNumber: 'LC-2027-000001',
    });
  });

  it('takes the number and writes the case and its activity in one transaction', async () => {
    const { sut, activities, transaction } = makeSut();
    await sut.execute(actor, { kind: 'cases', input: caseInput });
    expect(transaction.runs).toBe(1);
    expect(activities.entries).toMatchObject([
      {
        staffUserId: 7,
        type: 'legal.case_created',
        description: 'lena opened legal case LC-2026-000001: Impersonation',
      },
    ]);
  });

  it('starts a violation pending with no action, reported by the actor', async () => {
    const { sut, stores, activities } = makeSut();
    await sut.execute(actor, {
      kind: 'violations',
      input: { violationType: 'spam', description: 'Bot spam', severity: 'medium' },
    });
    expect(stores.violations.rows).toMatchObject([
      { status: 'pending', actionTaken: null, reportedBy: 7, reviewedBy: null },
    ]);
    expect(activities.entries[0]?.type).toBe('legal.violation_reported');
  });

  it('starts a document active and a report as a draft, each credited to the actor', async () => {
    const { sut, stores } = makeSut();
    await sut.execute(actor, {
      kind: 'documents',
      input: { title: 'Terms', documentType: 'terms', version: '1.0', content: 'Text' },
    });
    await sut.execute(actor, {
      kind: 'compliance',
      input: { title: 'Q1', reportType: 'quarterly', reportPeriod: '2026-Q1', description: 'Quarter' },
    });
    expect(stores.documents.rows).toMatchObject([{ isActive: true, createdBy: 7, version: '1.0' }]);
    expect(stores.compliance.rows).toMatchObject([{ status: 'draft', generatedBy: 7, publishedAt: null }]);
  });
});
