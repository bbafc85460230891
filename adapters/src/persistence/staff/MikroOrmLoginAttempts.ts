import type { LoginAttempts } from '@groupflow/core';
import type { Orm } from '../database.ts';
import { StaffLoginFailure } from '../entities/index.ts';

export class MikroOrmLoginAttempts implements LoginAttempts {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async recordFailure(email: string, at: Date): Promise<void> {
    await this.#orm.em.insert(StaffLoginFailure, { email, failedAt: at });
  }

  countFailuresSince(email: string, since: Date): Promise<number> {
    return this.#orm.em.count(StaffLoginFailure, { email, failedAt: { $gte: since } });
  }

  async lastFailureAt(email: string): Promise<Date | null> {
    const row = await this.#orm.em.findOne(StaffLoginFailure, { email }, { orderBy: { failedAt: 'desc' } });
    return row?.failedAt ?? null;
  }

  async clear(email: string): Promise<void> {
    await this.#orm.em.nativeDelete(StaffLoginFailure, { email });
  }
}
