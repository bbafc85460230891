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
 * Bytes per stored chunk: an upload holds at most about this much at a time, and it matches sendFile's read
 * pieces, so a piece read from the start of the file is one chunk.
 */
const CHUNK_BYTES = 1024 * 1024;

/** `content` regrouped into pieces of at least `size` bytes (the last may be shorter). */
async function* regrouped(content: AsyncIterable<Uint8Array>, size: number): AsyncGenerator<Buffer> {
  let held: Uint8Array[] = [];
  let heldBytes = 0;
  for await (const piece of content) {
    held.push(piece);
    heldBytes += piece.length;
    if (heldBytes >= size) {
      yield Buffer.concat(held, heldBytes);
      held = [];
      heldBytes = 0;
    }
  }
  if (heldBytes > 0) yield Buffer.concat(held, heldBytes);
}

/**
 * support_ticket_attachments and their chunks in plain SQL. One transaction writes the message, the attachment and
 * each chunk as the upload streams in, so the file is never held whole and a failed upload leaves nothing; a range is
 * read from the chunks it covers, each cut with substring(), which on EXTERNAL storage fetches only the TOAST pieces
 * it needs.
 */
export class PostgresTicketAttachmentStore implements TicketAttachmentStore {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  addWithMessage(message: NewTicketMessage, file: NewAttachment): Promise<TicketMessage> {
    return this.#orm.em.fork().transactional(async (em) => {
      const run = <T extends object[]>(sql: string, params: unknown[]) =>
        em.getConnection().execute<T>(sql, params, 'all', em.getTransactionContext());
      const [row] = await run<{ id: number; created_at: Date | string; attachment_id: number }[]>(
        `with m as (
           insert into support_ticket_messages (ticket_id, staff_user_id, sender_name, sender_type, message, created_at)
           values (?, ?, ?, ?, ?, ?) returning id, ticket_id, created_at
         ), a as (
           insert into support_ticket_attachments (ticket_id, message_id, content_type, size, duration_seconds, created_at)
           select m.ticket_id, m.id, ?, 0, ?, m.created_at from m returning id
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
          file.durationSeconds,
        ],
      );
      const attachmentId = row!.attachment_id;
      let size = 0;
      for await (const chunk of regrouped(file.content, CHUNK_BYTES)) {
        await run('insert into support_ticket_attachment_chunks (attachment_id, "offset", data) values (?, ?, ?)', [
          attachmentId,
          size,
          chunk,
        ]);
        size += chunk.length;
      }
      await run('update support_ticket_attachments set size = ? where id = ?', [size, attachmentId]);
      const attachment: TicketAttachment = {
        id: attachmentId,
        contentType: file.contentType,
        size,
        durationSeconds: file.durationSeconds,
      };
      return { id: row!.id, ...message, isPrivate: false, attachment, createdAt: new Date(row!.created_at) };
    });
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
    const end = start + length;
    // Each covering chunk cut to the part of [start, end) it holds.
    const rows = await this.#orm.em.getConnection().execute<{ part: Buffer }[]>(
      `select substring(data from greatest(?::int - "offset", 0) + 1 for ?::int - greatest("offset", ?::int)) as part
         from support_ticket_attachment_chunks
        where attachment_id = ? and "offset" < ? and "offset" + octet_length(data) > ?
        order by "offset"`,
      [start, end, start, attachmentId, end, start],
    );
    return Buffer.concat(rows.map((row) => row.part));
  }
}
