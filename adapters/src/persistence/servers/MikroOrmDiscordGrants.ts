import type { DiscordGrant, DiscordGrants } from '@groupflow/core';
import { SecretBoxOpenFailed, type AesGcmSecretBox } from '../../crypto/AesGcmSecretBox.ts';
import type { Orm } from '../database.ts';
import { entityManager } from '../entityManager.ts';
import { DiscordOAuthGrant } from '../entities/index.ts';

/** `discord_oauth_grants`: both tokens sealed with AES-256-GCM before they are written. */
export class MikroOrmDiscordGrants implements DiscordGrants {
  readonly #orm: Orm;
  readonly #box: AesGcmSecretBox;
  constructor(orm: Orm, box: AesGcmSecretBox) {
    this.#orm = orm;
    this.#box = box;
  }

  async get(customerId: number): Promise<DiscordGrant | null> {
    const row = await entityManager(this.#orm).findOne(DiscordOAuthGrant, { user: customerId });
    if (!row) return null;
    try {
      return {
        accessToken: this.#box.open(row.accessToken),
        refreshToken: row.refreshToken ? this.#box.open(row.refreshToken) : null,
        expiresAt: row.expiresAt,
        scope: row.scope,
      };
    } catch (error) {
      // Sealed under a previous SESSION_SECRET: as good as no grant until the customer signs in again.
      if (error instanceof SecretBoxOpenFailed) return null;
      throw error;
    }
  }

  async save(customerId: number, grant: DiscordGrant): Promise<void> {
    await entityManager(this.#orm).upsert(DiscordOAuthGrant, {
      user: customerId,
      accessToken: this.#box.seal(grant.accessToken),
      refreshToken: grant.refreshToken ? this.#box.seal(grant.refreshToken) : null,
      expiresAt: grant.expiresAt,
      scope: grant.scope,
      updatedAt: new Date(),
    });
  }

  async remove(customerId: number): Promise<void> {
    await entityManager(this.#orm).nativeDelete(DiscordOAuthGrant, { user: customerId });
  }
}
