import type { Clock } from '../../shared/clock.ts';
import { requireTicket, requireTicketReader } from '../access.ts';
import type { SupportTicket, TicketActor, TicketEvents, TicketRepository } from '../ports.ts';

/**
 * PUT /api/support/tickets/{id}/labels (issue 39): staff sort tickets with labels of their own and filter the list
 * by one. Labels are staff's, so any member who answers tickets may set them, claimed or not.
 */
export class SetTicketLabels {
  readonly #tickets: TicketRepository;
  readonly #events: TicketEvents;
  readonly #clock: Clock;

  constructor(tickets: TicketRepository, events: TicketEvents, clock: Clock) {
    this.#tickets = tickets;
    this.#events = events;
    this.#clock = clock;
  }

  /** `labels` come checked and without repeats (the contract). */
  async execute(actor: TicketActor, ticketId: number, labels: string[]): Promise<SupportTicket> {
    requireTicketReader(actor);
    await requireTicket(this.#tickets, ticketId);
    const ticket = await this.#tickets.setLabels(ticketId, labels, this.#clock.now());
    if (ticket === null) return requireTicket(this.#tickets, ticketId);
    await this.#events.publish({ type: 'ticket.updated', ticket });
    return ticket;
  }
}
