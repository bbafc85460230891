import type { AttachmentLinks } from '@groupflow/core';
import type { Orm } from '../database.ts';

/**
 * support_attachment_links in plain SQL. A link serves every Range request of one playback, so finding one does
 * not spend it; saving sweeps the expired ones, which keeps the table to the links of the last TTL.
 */
export class PostgresAttachmentLinks implements AttachmentLinks {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async save(tokenHash: string, attachmentId: number, expiresAt: Date): Promise<void> {
    await this.#orm.em.getConnection().execute(
      `with swept as (delete from support_attachment_links where expires_at < now())
       insert into support_attachment_links (token_hash, attachment_id, expires_at) values (?, ?, ?)`,
      [tokenHash, attachmentId, expiresAt],
      'run',
    );
  }

  async find(tokenHash: string, now: Date): Promise<number | null> {
    const [row] = await this.#orm.em
      .getConnection()
      .execute<{ attachment_id: number }[]>(
        'select attachment_id from support_attachment_links where token_hash = ? and expires_at > ?',
        [tokenHash, now],
      );
    return row?.attachment_id ?? null;
  }
}
