import { caseNumberPrefix, type CaseNumberSequence } from '@groupflow/core';
import type { Orm } from '../database.ts';

/** Arbitrary first key of the advisory lock, so the per-year key cannot collide with other advisory locks. */
const LOCK_NAMESPACE = 0x1e6a1;

/**
 * Gap-free numbering without a counter table: a transaction-scoped advisory lock per year lets one creator at a
 * time read the highest number and insert the next; the lock is released when that insert commits, so the next
 * creator's read (a fresh snapshot under READ COMMITTED) sees it. A rollback leaves no row, hence no gap,
 * which a PostgreSQL sequence could not promise.
 */
export class MikroOrmCaseNumberSequence implements CaseNumberSequence {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async next(year: number): Promise<number> {
    const em = this.#orm.em;
    // Outside a transaction the lock would be released at once and two creators could read the same maximum.
    if (!em.isInTransaction())
      throw new Error('Case numbers must be taken inside the transaction that inserts the case');
    await em.execute('select pg_advisory_xact_lock(?, ?)', [LOCK_NAMESPACE, year]);
    const prefix = caseNumberPrefix(year);
    const rows = await em.execute<{ last: string | number }[]>(
      'select coalesce(max(substring(case_number from ?)::bigint), 0) as last from legal_cases where starts_with(case_number, ?)',
      [prefix.length + 1, prefix],
    );
    return Number(rows[0]?.last ?? 0) + 1;
  }
}
