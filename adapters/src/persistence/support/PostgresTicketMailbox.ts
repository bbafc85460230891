import type { MailMark, TicketMailbox } from '@groupflow/core';
import type { AesGcmSecretBox } from '../../crypto/AesGcmSecretBox.ts';
import type { Orm } from '../database.ts';

/**
 * support_ticket_mail in plain SQL: the chat key sealed under its own key, and the digest's mark moved by one
 * conditional UPDATE, so two processes digesting the same ticket cannot both send.
 */
export class PostgresTicketMailbox implements TicketMailbox {
  readonly #orm: Orm;
  readonly #box: AesGcmSecretBox;

  constructor(orm: Orm, box: AesGcmSecretBox) {
    this.#orm = orm;
    this.#box = box;
  }

  async open(ticketId: number, chatKey: string): Promise<void> {
    await this.#orm.em
      .getConnection()
      .execute(
        'insert into support_ticket_mail (ticket_id, chat_key_sealed) values (?, ?) on conflict do nothing',
        [ticketId, this.#box.seal(chatKey)],
        'run',
      );
  }

  async chatKeyOf(ticketId: number): Promise<string | null> {
    const [row] = await this.#orm.em
      .getConnection()
      .execute<{ chat_key_sealed: string }[]>('select chat_key_sealed from support_ticket_mail where ticket_id = ?', [
        ticketId,
      ]);
    if (!row) return null;
    try {
      return this.#box.open(row.chat_key_sealed);
    } catch {
      // Sealed under another secret (rotated, or another deployment's rows): no channel this process can use, and
      // one such ticket must not stop the digest for every other.
      return null;
    }
  }

  async pending(limit: number): Promise<MailMark[]> {
    // Private notes are among these; DigestTicketMail steps over them (isCustomerVisible).
    const rows = await this.#orm.em
      .getConnection()
      .execute<{ ticket_id: number; mailed_message_id: number; last_mailed_at: Date | string | null }[]>(
        `select m.ticket_id, m.mailed_message_id, m.last_mailed_at from support_ticket_mail m
       where exists (select 1 from support_ticket_messages s
                     where s.ticket_id = m.ticket_id and s.id > m.mailed_message_id and s.sender_type = 'staff')
       order by m.last_mailed_at nulls first limit ?`,
        [limit],
      );
    return rows.map((row) => ({
      ticketId: row.ticket_id,
      mailedMessageId: row.mailed_message_id,
      // Dates as the driver hands raw rows over; `new Date` accepts either form.
      lastMailedAt: row.last_mailed_at === null ? null : new Date(row.last_mailed_at),
    }));
  }

  async advance(ticketId: number, from: number, to: number, mailedAt: Date | null): Promise<boolean> {
    const rows = await this.#orm.em.getConnection().execute<{ ticket_id: number }[]>(
      `update support_ticket_mail set mailed_message_id = ?, last_mailed_at = coalesce(?, last_mailed_at)
       where ticket_id = ? and mailed_message_id = ? returning ticket_id`,
      [to, mailedAt, ticketId, from],
    );
    return rows.length > 0;
  }

  async mailed(ticketId: number, at: Date): Promise<void> {
    await this.#orm.em
      .getConnection()
      .execute('update support_ticket_mail set last_mailed_at = ? where ticket_id = ?', [at, ticketId], 'run');
  }
}
