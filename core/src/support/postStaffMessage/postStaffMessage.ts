import type { Clock } from '../../shared/clock.ts';
import { Conflict } from '../../shared/errors.ts';
import { mayActOnClaimed, requireTicket, requireTicketReader } from '../access.ts';
import type { TicketActor, TicketEvents, TicketMessage, TicketMessageRepository, TicketRepository } from '../ports.ts';

/**
 * POST /api/support/tickets/{id}/messages: a staff reply, or a private note (issue 39) the customer never sees. A
 * note does not speak to the customer, so a colleague may add one to a ticket another member has claimed.
 */
export class PostStaffMessage {
  readonly #tickets: TicketRepository;
  readonly #messages: TicketMessageRepository;
  readonly #events: TicketEvents;
  readonly #clock: Clock;

  constructor(tickets: TicketRepository, messages: TicketMessageRepository, events: TicketEvents, clock: Clock) {
    this.#tickets = tickets;
    this.#messages = messages;
    this.#events = events;
    this.#clock = clock;
  }

  async execute(
    actor: TicketActor,
    ticketId: number,
    text: string,
    options: { isPrivate?: boolean } = {},
  ): Promise<TicketMessage> {
    requireTicketReader(actor);
    const ticket = await requireTicket(this.#tickets, ticketId);
    const isPrivate = options.isPrivate ?? false;
    // The lock exists so a customer hears one voice; others must wait for a release.
    if (!isPrivate && !mayActOnClaimed(actor, ticket))
      throw new Conflict('SUPPORT.TICKET_CLAIMED', 'Ticket is claimed by another staff member');
    const message = await this.#messages.add({
      ticketId,
      staffUserId: actor.id,
      senderName: actor.username,
      senderType: 'staff',
      message: text,
      isPrivate,
      createdAt: this.#clock.now(),
    });
    await this.#events.publish({ type: 'message.created', ticketId, message });
    return message;
  }
}
