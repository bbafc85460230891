import { NotFound } from '../../shared/errors.ts';
import type { StaffActivityLog } from '../../staff/activityLog.ts';
import { requireTicketManager } from '../access.ts';
import type { TicketActor, TicketEvents, TicketRepository } from '../ports.ts';

/** DELETE /api/support/tickets/{id}; the messages go with the ticket. */
export class DeleteTicket {
  readonly #tickets: TicketRepository;
  readonly #activity: StaffActivityLog;
  readonly #events: TicketEvents;

  constructor(tickets: TicketRepository, activity: StaffActivityLog, events: TicketEvents) {
    this.#tickets = tickets;
    this.#activity = activity;
    this.#events = events;
  }

  async execute(actor: TicketActor, ticketId: number): Promise<void> {
    requireTicketManager(actor, 'delete support tickets');
    if (!(await this.#tickets.delete(ticketId))) throw new NotFound('SUPPORT.TICKET_NOT_FOUND', 'Ticket not found');
    await this.#activity.record({
      staffUserId: actor.id,
      type: 'ticket.deleted',
      description: `${actor.username} deleted ticket #${ticketId}`,
    });
    await this.#events.publish({ type: 'ticket.deleted', ticketId });
  }
}
