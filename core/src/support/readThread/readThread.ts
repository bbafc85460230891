import { requireTicket, requireTicketReader } from '../access.ts';
import type { TicketActor, TicketMessage, TicketMessageRepository, TicketRepository } from '../ports.ts';

/** GET /api/support/tickets/{id}/messages: a member of a role that reads tickets reads any thread. */
export class ReadThread {
  readonly #tickets: TicketRepository;
  readonly #messages: TicketMessageRepository;

  constructor(tickets: TicketRepository, messages: TicketMessageRepository) {
    this.#tickets = tickets;
    this.#messages = messages;
  }

  async execute(actor: TicketActor, ticketId: number): Promise<TicketMessage[]> {
    requireTicketReader(actor);
    await requireTicket(this.#tickets, ticketId);
    return this.#messages.listFor(ticketId);
  }
}
