import type { GroupQuotas, Quota, QuotaKind, StoredQuota } from '@groupflow/core';
import type { Orm } from '../database.ts';
import { GroupQuota, type GroupQuotaRecord } from '../entities/workspace.ts';

const toQuota = (row: GroupQuotaRecord): StoredQuota => ({
  id: row.id,
  name: row.name,
  kind: row.kind as QuotaKind,
  amount: row.amount,
  rankIds: row.rankIds,
});

/** group_quotas, in the order the manager set them; a replace is one transaction. */
export class MikroOrmGroupQuotas implements GroupQuotas {
  readonly #orm: Orm;

  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async list(groupId: string): Promise<StoredQuota[]> {
    const rows = await this.#orm.em.find(GroupQuota, { groupId }, { orderBy: { position: 'asc', id: 'asc' } });
    return rows.map(toQuota);
  }

  async replace(groupId: string, quotas: Quota[]): Promise<StoredQuota[]> {
    const rows = await this.#orm.em.fork().transactional(async (em) => {
      await em.nativeDelete(GroupQuota, { groupId });
      const created = quotas.map((quota, position) => em.create(GroupQuota, { groupId, position, ...quota }));
      await em.flush();
      return created;
    });
    return rows.map(toQuota);
  }
}
