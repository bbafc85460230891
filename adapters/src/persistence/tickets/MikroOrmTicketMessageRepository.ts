import type { NewTicketMessage, TicketMessage, TicketMessageRepository } from '@groupflow/core';
import type { Orm } from '../database.ts';
import { StaffUser, SupportTicket, SupportTicketMessage, type SupportTicketMessageRecord } from '../entities/index.ts';

export class MikroOrmTicketMessageRepository implements TicketMessageRepository {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async add(message: NewTicketMessage): Promise<TicketMessage> {
    const em = this.#orm.em;
    const row = em.create(SupportTicketMessage, {
      ticket: em.getReference(SupportTicket, message.ticketId),
      staffUser: message.staffUserId === null ? null : em.getReference(StaffUser, message.staffUserId),
      senderName: message.senderName,
      senderType: message.senderType,
      message: message.message,
      createdAt: message.createdAt,
    });
    await em.flush();
    return toMessage(row);
  }

  async listFor(ticketId: number): Promise<TicketMessage[]> {
    const rows = await this.#orm.em.find(SupportTicketMessage, { ticket: ticketId }, { orderBy: { id: 'asc' } });
    return rows.map(toMessage);
  }
}

function toMessage(row: SupportTicketMessageRecord): TicketMessage {
  return {
    id: row.id,
    ticketId: row.ticket.id,
    staffUserId: row.staffUser?.id ?? null,
    senderName: row.senderName,
    senderType: row.senderType === 'staff' ? 'staff' : 'customer',
    message: row.message,
    createdAt: row.createdAt,
  };
}
