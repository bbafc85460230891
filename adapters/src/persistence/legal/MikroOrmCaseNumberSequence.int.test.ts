import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatCaseNumber } from '@groupflow/core';
import { inRequestContext, openDatabase, type Orm } from '../database.ts';
import { MikroOrmTransaction } from '../MikroOrmTransaction.ts';
import { MikroOrmCaseNumberSequence } from './MikroOrmCaseNumberSequence.ts';
import { mikroOrmLegalStores } from './MikroOrmLegalStores.ts';

// A year no other test writes, so the numbers here start at 1.
const YEAR = 2091;
let orm: Orm;

beforeAll(async () => {
  orm = await openDatabase(inject('databaseUrl'));
});
afterAll(async () => {
  await orm?.close(true);
});

/** Takes a number and inserts the case with it, in one transaction, as CreateLegalRecord does. */
function createCase(failAfterInsert = false): Promise<string> {
  return inRequestContext(orm, () =>
    new MikroOrmTransaction(orm).run(async () => {
      const caseNumber = formatCaseNumber(YEAR, await new MikroOrmCaseNumberSequence(orm).next(YEAR));
      await mikroOrmLegalStores(orm).cases.add({
        caseNumber,
        title: 'Numbering',
        description: 'd',
        caseType: 'other',
        severity: 'low',
        status: 'investigation',
        reportedBy: null,
        customerId: null,
      });
      if (failAfterInsert) throw new Error('insert rolled back');
      return caseNumber;
    }),
  );
}

describe('MikroOrmCaseNumberSequence', () => {
  it('continues from the highest number of the year', async () => {
    expect(await createCase()).toBe('LC-2091-000001');
    expect(await createCase()).toBe('LC-2091-000002');
  });

  it('gives a rolled-back number to the next creator, so no gap appears', async () => {
    await expect(createCase(true)).rejects.toThrow('insert rolled back');
    expect(await createCase()).toBe('LC-2091-000003');
  });

  it('refuses to hand out a number outside a transaction, where the lock would not hold', async () => {
    await expect(inRequestContext(orm, () => new MikroOrmCaseNumberSequence(orm).next(YEAR))).rejects.toThrow(
      /inside the transaction/,
    );
  });
});
