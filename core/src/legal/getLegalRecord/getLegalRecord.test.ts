import { describe, expect, it } from 'vitest';
import { NotFound } from '../../shared/errors.ts';
import { makeLegalStores, seedOneOfEach } from '../testing/fakes.ts';
import { GetLegalRecord } from './getLegalRecord.ts';

const makeSut = async () => {
  const stores = makeLegalStores();
  await seedOneOfEach(stores);
  return { sut: new GetLegalRecord(stores), stores };
};

describe('GetLegalRecord', () => {
  it('answers the record of the kind asked for, whole', async () => {
    const { sut, stores } = await makeSut();
    await expect(sut.execute('cases', 1)).resolves.toEqual(stores.cases.rows[0]);
    await expect(sut.execute('violations', 1)).resolves.toEqual(stores.violations.rows[0]);
    await expect(sut.execute('documents', 1)).resolves.toEqual(stores.documents.rows[0]);
    await expect(sut.execute('compliance', 1)).resolves.toEqual(stores.compliance.rows[0]);
  });

  it.each([
    ['cases', 2, 'The legal case was not found'],
    ['violations', 2, 'The policy violation was not found'],
    ['documents', 2, 'The legal document was not found'],
    ['compliance', 2, 'The compliance report was not found'],
  ] as const)('answers LEGAL.NOT_FOUND naming the kind for %s %s', async (kind, id, message) => {
    const { sut } = await makeSut();
    const lookup = sut.execute(kind, id);
    await expect(lookup).rejects.toBeInstanceOf(NotFound);
    await expect(lookup).rejects.toMatchObject({ code: 'LEGAL.NOT_FOUND', message });
  });
});
