import type { BanSource, BanSources } from '@groupflow/core';
import type { Orm } from '../database.ts';
import { PolicyViolation } from '../entities/legal.ts';
import { SupportTicket } from '../entities/support.ts';

/** The records a customer ban may name: support tickets and the legal area's policy violations. */
export class MikroOrmBanSources implements BanSources {
  readonly #orm: Orm;

  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async exists(source: BanSource): Promise<boolean> {
    const where = { id: source.id };
    const found =
      source.kind === 'ticket'
        ? await this.#orm.em.count(SupportTicket, where)
        : await this.#orm.em.count(PolicyViolation, where);
    return found > 0;
  }

  async recordAction(source: BanSource, action: string, staffId: number): Promise<void> {
    if (source.kind !== 'policy_violation') return;
    await this.#orm.em.nativeUpdate(
      PolicyViolation,
      { id: source.id },
      { actionTaken: action, status: 'action_taken', reviewedBy: staffId },
    );
  }
}
