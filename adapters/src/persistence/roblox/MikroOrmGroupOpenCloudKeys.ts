import type { GroupOpenCloudKeys, NewOpenCloudKey, OpenCloudKeyNotice, StoredOpenCloudKey } from '@groupflow/core';
import type { AesGcmSecretBox } from '../../crypto/AesGcmSecretBox.ts';
import type { Orm } from '../database.ts';
import { GroupOpenCloudKey } from '../entities/workspace.ts';

const NOTICE_COLUMNS = { lapsing: 'lapseWarnedAt', refused: 'refusedAt' } as const;

/**
 * One key per group in group_open_cloud_keys, sealed with AES-256-GCM; a new key replaces the old one, and with it
 * its lifetime and what the owner was told of it.
 */
export class MikroOrmGroupOpenCloudKeys implements GroupOpenCloudKeys {
  readonly #orm: Orm;
  readonly #box: AesGcmSecretBox;

  constructor(orm: Orm, box: AesGcmSecretBox) {
    this.#orm = orm;
    this.#box = box;
  }

  async save(groupId: string, key: NewOpenCloudKey) {
    await this.#orm.em.upsert(GroupOpenCloudKey, {
      groupId,
      sealedKey: this.#box.seal(key.apiKey),
      permissions: key.permissions,
      savedBy: key.savedBy,
      savedAt: key.savedAt,
      expiresAt: key.expiresAt,
      lastUsedAt: key.lastUsedAt,
      lapseWarnedAt: null,
      refusedAt: null,
    });
  }

  async find(groupId: string): Promise<StoredOpenCloudKey | null> {
    const row = await this.#orm.em.findOne(GroupOpenCloudKey, { groupId }, { refresh: true });
    if (!row) return null;
    return {
      apiKey: this.#box.open(row.sealedKey),
      permissions: row.permissions,
      savedBy: row.savedBy,
      savedAt: row.savedAt,
      expiresAt: row.expiresAt ?? null,
      lastUsedAt: row.lastUsedAt ?? null,
      lapseWarnedAt: row.lapseWarnedAt ?? null,
      refusedAt: row.refusedAt ?? null,
    };
  }

  async markUsed(groupId: string, at: Date) {
    await this.#orm.em.nativeUpdate(GroupOpenCloudKey, { groupId }, { lastUsedAt: at });
  }

  async markNoticed(groupId: string, savedAt: Date, notice: OpenCloudKeyNotice, at: Date) {
    const column = NOTICE_COLUMNS[notice];
    // One statement: of two racing callers the second finds the column set and updates nothing.
    const updated = await this.#orm.em.nativeUpdate(
      GroupOpenCloudKey,
      { groupId, savedAt, [column]: null },
      { [column]: at },
    );
    return updated === 1;
  }

  async unwarned(expiringBefore: Date, unusedSince: Date): Promise<string[]> {
    const rows = await this.#orm.em.getConnection().execute<{ group_id: string }[]>(
      `select group_id from group_open_cloud_keys
        where lapse_warned_at is null
          and (refused_at is null or refused_at < last_used_at)
          and (expires_at < ? or coalesce(last_used_at, saved_at) < ?)`,
      [expiringBefore, unusedSince],
    );
    return rows.map((row) => row.group_id);
  }
}
