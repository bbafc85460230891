import type {
  NewAttachment,
  NewTicketMessage,
  TicketAttachment,
  TicketAttachmentStore,
  TicketMessage,
} from '@groupflow/core';
import type { Orm } from '../database.ts';

interface AttachmentRow {
  id: number;
  ticket_id: number;
  content_type: string;
  size: number;
  duration_seconds: number | null;
}

/**
 * support_ticket_attachments in plain SQL: the message and its file are one statement (so neither exists alone),
 * and a range is read with substring(), which on EXTERNAL storage fetches only the TOAST chunks it covers.
 */
export class PostgresTicketAttachmentStore implements TicketAttachmentStore {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async addWithMessage(message: NewTicketMessage, file: NewAttachment): Promise<TicketMessage> {
    const [row] = await this.#orm.em
      .getConnection()
      .execute<{ id: number; created_at: Date | string; attachment_id: number }[]>(
        `with m as (
         insert into support_ticket_messages (ticket_id, staff_user_id, sender_name, sender_type, message, created_at)
         values (?, ?, ?, ?, ?, ?) returning id, ticket_id, created_at
       ), a as (
         insert into support_ticket_attachments (ticket_id, message_id, content_type, size, duration_seconds, data, created_at)
         select m.ticket_id, m.id, ?, ?, ?, ?, m.created_at from m returning id
       )
       select m.id, m.created_at, a.id as attachment_id from m, a`,
        [
          message.ticketId,
          message.staffUserId,
          message.senderName,
          message.senderType,
          message.message,
          message.createdAt,
          file.contentType,
          file.bytes.length,
          file.durationSeconds,
          Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength),
        ],
      );
    const attachment: TicketAttachment = {
      id: row!.attachment_id,
      contentType: file.contentType,
      size: file.bytes.length,
      durationSeconds: file.durationSeconds,
    };
    return { id: row!.id, ...message, attachment, createdAt: new Date(row!.created_at) };
  }

  async find(attachmentId: number): Promise<(TicketAttachment & { ticketId: number }) | null> {
    const [row] = await this.#orm.em
      .getConnection()
      .execute<AttachmentRow[]>(
        'select id, ticket_id, content_type, size, duration_seconds from support_ticket_attachments where id = ?',
        [attachmentId],
      );
    if (!row) return null;
    return {
      id: row.id,
      ticketId: row.ticket_id,
      contentType: row.content_type,
      size: row.size,
      durationSeconds: row.duration_seconds,
    };
  }

  async readRange(attachmentId: number, start: number, length: number): Promise<Uint8Array> {
    const [row] = await this.#orm.em
      .getConnection()
      .execute<{ part: Buffer | null }[]>(
        'select substring(data from ? for ?) as part from support_ticket_attachments where id = ?',
        [start + 1, length, attachmentId],
      );
    return row?.part ?? new Uint8Array();
  }
}
