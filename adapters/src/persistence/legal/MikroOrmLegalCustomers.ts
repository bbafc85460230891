import type { LegalCustomers } from '@groupflow/core';
import type { Orm } from '../database.ts';
import { User } from '../entities/customer.ts';

/** The customer accounts a legal case or a violation report may name (the users table). */
export class MikroOrmLegalCustomers implements LegalCustomers {
  readonly #orm: Orm;

  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async exists(customerId: number): Promise<boolean> {
    return (await this.#orm.em.count(User, { id: customerId })) > 0;
  }
}
