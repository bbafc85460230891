import type { GroupOpenCloudKeys, StoredOpenCloudKey } from '@groupflow/core';
import type { AesGcmSecretBox } from '../../crypto/AesGcmSecretBox.ts';
import type { Orm } from '../database.ts';
import { GroupOpenCloudKey } from '../entities/workspace.ts';

/** One key per group in group_open_cloud_keys, sealed with AES-256-GCM; a new key replaces the old one. */
export class MikroOrmGroupOpenCloudKeys implements GroupOpenCloudKeys {
  readonly #orm: Orm;
  readonly #box: AesGcmSecretBox;

  constructor(orm: Orm, box: AesGcmSecretBox) {
    this.#orm = orm;
    this.#box = box;
  }

  async save(groupId: string, key: StoredOpenCloudKey) {
    await this.#orm.em.upsert(GroupOpenCloudKey, {
      groupId,
      sealedKey: this.#box.seal(key.apiKey),
      permissions: key.permissions,
      savedBy: key.savedBy,
      savedAt: key.savedAt,
    });
  }

  async find(groupId: string): Promise<StoredOpenCloudKey | null> {
    const row = await this.#orm.em.findOne(GroupOpenCloudKey, { groupId });
    if (!row) return null;
    return {
      apiKey: this.#box.open(row.sealedKey),
      permissions: row.permissions,
      savedBy: row.savedBy,
      savedAt: row.savedAt,
    };
  }
}
