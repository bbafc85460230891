import { describe, expect, it } from 'vitest';
import { NotFound } from '../../shared/errors.ts';
import { makeLegalStores } from '../testing/fakes.ts';
import { GetLegalRecord } from './getLegalRecord.ts';

const makeSut = async () => {
  const stores = makeLegalStores();
  await stores.cases.add({
    caseNumber: 'LC-2026-000001',
    title: 'Chargeback ring',
    description: 'd',
    caseType: 'fraud',
    severity: 'high',
    status: 'investigation',
    reportedBy: 3,
  });
  await stores.violations.add({
    violationType: 'spam',
    description: 'd',
    severity: 'low',
    status: 'pending',
    actionTaken: null,
    reportedBy: 3,
    reviewedBy: null,
  });
  return { sut: new GetLegalRecord(stores), stores };
};

describe('GetLegalRecord', () => {
  it('answers the record of the kind asked for, whole', async () => {
    const { sut, stores } = await makeSut();
    await expect(sut.execute('cases', 1)).resolves.toEqual(stores.cases.rows[0]);
    await expect(sut.execute('violations', 1)).resolves.toEqual(stores.violations.rows[0]);
  });

  it.each([
    ['cases', 2, 'The legal case was not found'],
    ['documents', 1, 'The legal document was not found'],
    ['compliance', 1, 'The compliance report was not found'],
  ] as const)('answers LEGAL.NOT_FOUND naming the kind for %s %s', async (kind, id, message) => {
    const { sut } = await makeSut();
    const lookup = sut.execute(kind, id);
    await expect(lookup).rejects.toBeInstanceOf(NotFound);
    await expect(lookup).rejects.toMatchObject({ code: 'LEGAL.NOT_FOUND', message });
  });
});
