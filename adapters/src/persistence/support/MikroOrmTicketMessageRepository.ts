import type { NewTicketMessage, TicketAttachment, TicketMessage, TicketMessageRepository } from '@groupflow/core';
import type { Orm } from '../database.ts';
import { SupportTicketAttachment, SupportTicketMessage, type SupportTicketMessageRecord } from '../entities/index.ts';

export class MikroOrmTicketMessageRepository implements TicketMessageRepository {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async add(message: NewTicketMessage): Promise<TicketMessage> {
    // One autocommitted statement: every chat line passes here, and a unit of work would add BEGIN and COMMIT.
    const [row] = await this.#orm.em.getConnection().execute<MessageRow[]>(
      `insert into support_ticket_messages (ticket_id, staff_user_id, sender_name, sender_type, message, is_private, created_at)
       values (?, ?, ?, ?, ?, ?, ?) returning id, created_at`,
      [
        message.ticketId,
        message.staffUserId,
        message.senderName,
        message.senderType,
        message.message,
        message.isPrivate ?? false,
        message.createdAt,
      ],
    );
    return {
      id: row!.id,
      ...message,
      isPrivate: message.isPrivate ?? false,
      attachment: null,
      createdAt: new Date(row!.created_at),
    };
  }

  async listFor(ticketId: number): Promise<TicketMessage[]> {
    const [rows, files] = await Promise.all([
      this.#orm.em.find(SupportTicketMessage, { ticket: ticketId }, { orderBy: { id: 'asc' } }),
      // The descriptions only: `data` is lazy and never read here.
      this.#orm.em.find(SupportTicketAttachment, { ticket: ticketId }),
    ]);
    const byMessage = new Map<number, TicketAttachment>(
      files.map((file) => [
        file.message.id,
        { id: file.id, contentType: file.contentType, size: file.size, durationSeconds: file.durationSeconds ?? null },
      ]),
    );
    return rows.map((row) => toMessage(row, byMessage.get(row.id) ?? null));
  }
}

interface MessageRow {
  id: number;
  /** As the driver hands raw rows over; `new Date` accepts either form. */
  created_at: Date | string;
}

function toMessage(row: SupportTicketMessageRecord, attachment: TicketAttachment | null): TicketMessage {
  return {
    id: row.id,
    ticketId: row.ticket.id,
    staffUserId: row.staffUser?.id ?? null,
    senderName: row.senderName,
    senderType: row.senderType === 'staff' ? 'staff' : 'customer',
    message: row.message,
    attachment,
    isPrivate: row.isPrivate,
    createdAt: row.createdAt,
  };
}
