import type { DatabaseProbe } from '@groupflow/core';
import type { Orm } from './database.ts';

/** Pings through the ORM's own pool, so health reflects what requests will experience. */
export class MikroOrmDatabaseProbe implements DatabaseProbe {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async ping(): Promise<void> {
    await this.#orm.em.getConnection().execute('select 1');
  }
}
