import { describe, expect, it } from 'vitest';
import { FixedClock, InMemoryStaffActivityLog, SpyTransaction, makeStaffMember } from '../../staff/testing/fakes.ts';
import { Invalid } from '../../shared/errors.ts';
import { InMemoryCaseNumberSequence, InMemoryLegalCustomers, makeLegalStores } from '../testing/fakes.ts';
import { CreateLegalRecord } from './createLegalRecord.ts';

const actor = makeStaffMember({ id: 7, username: 'lena' });
const caseInput = {
  title: 'Impersonation',
  caseType: 'fraud',
  severity: 'high',
  description: 'Reported by a group owner',
} as const;

const makeSut = (now = new Date('2026-03-04T10:00:00Z')) => {
  const customers = new InMemoryLegalCustomers();
  const stores = makeLegalStores(customers);
  const activities = new InMemoryStaffActivityLog();
  const transaction = new SpyTransaction();
  const clock = new FixedClock(now);
  const sut = new CreateLegalRecord(
    stores,
    customers,
    new InMemoryCaseNumberSequence(stores.cases),
    activities,
    transaction,
    clock,
  );
  return { sut, stores, activities, transaction, clock };
};

describe('CreateLegalRecord', () => {
  it('names the customer a case or a violation report concerns, with the name read back', async () => {
    const { sut } = makeSut();
    const created = await sut.execute(actor, { kind: 'cases', input: { ...caseInput, customerId: 21 } });
    expect(created).toMatchObject({ customerId: 21, customerName: 'raider' });
    const reported = await sut.execute(actor, {
      kind: 'violations',
      input: { violationType: 'spam', description: 'Invites', severity: 'low', customerId: 21 },
    });
    expect(reported).toMatchObject({ customerId: 21, customerName: 'raider' });
  });

  it('leaves the customer empty when none is named', async () => {
    const { sut } = makeSut();
    const created = await sut.execute(actor, { kind: 'cases', input: caseInput });
    expect(created).toMatchObject({ customerId: null, customerName: null });
  });

  it.each(['cases', 'violations'] as const)(
    'refuses a %s naming an account that does not exist, storing nothing',
    async (kind) => {
      const { sut, stores, activities } = makeSut();
      const input =
        kind === 'cases'
          ? { kind, input: { ...caseInput, customerId: 404 } }
          : { kind, input: { violationType: 'spam', description: 'd', severity: 'low', customerId: 404 } as const };
      const creation = sut.execute(actor, input);
      await expect(creation).rejects.toBeInstanceOf(Invalid);
      await expect(creation).rejects.toMatchObject({
        code: 'LEGAL.CUSTOMER_NOT_FOUND',
        issues: [{ path: ['customerId'], message: 'No customer account has this id' }],
      });
      expect(stores[kind].rows).toEqual([]);
      expect(activities.entries).toEqual([]);
    },
  );

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
