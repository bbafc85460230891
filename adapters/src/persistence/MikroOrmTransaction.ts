import type { Transaction } from '@groupflow/core';
import type { Orm } from './database.ts';

/**
 * Every repository reaches the database through `orm.em`, which resolves to the innermost context: inside
 * `transactional` that is the transaction's fork, so the repositories' writes commit or roll back together.
 */
export class MikroOrmTransaction implements Transaction {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    return this.#orm.em.transactional(() => work());
  }
}
