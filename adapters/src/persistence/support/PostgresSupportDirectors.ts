import type { SupportDirectors } from '@groupflow/core';
import type { Orm } from '../database.ts';

/** The active customer support directors' addresses, told of SLA breaches (issue 39). */
export class PostgresSupportDirectors implements SupportDirectors {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async emails(): Promise<string[]> {
    const rows = await this.#orm.em
      .getConnection()
      .execute<{ email: string }[]>(
        `select email from staff_users where role = 'customer_support_director' and is_active order by id`,
      );
    return rows.map((row) => row.email);
  }
}
