import type { Clock } from '../../shared/clock.ts';
import { Forbidden } from '../../shared/errors.ts';
import type { StaffActivityLog } from '../../staff/activityLog.ts';
import { requireTicket } from '../access.ts';
import type { SupportTicket, TicketActor, TicketEvents, TicketRepository } from '../ports.ts';

/** POST /api/support/tickets/{id}/release: only the claimer gives a ticket back. */
export class ReleaseTicket {
  readonly #tickets: TicketRepository;
  readonly #activity: StaffActivityLog;
  readonly #events: TicketEvents;
  readonly #clock: Clock;

  constructor(tickets: TicketRepository, activity: StaffActivityLog, events: TicketEvents, clock: Clock) {
    this.#tickets = tickets;
    this.#activity = activity;
    this.#events = events;
    this.#clock = clock;
  }

  async execute(actor: TicketActor, ticketId: number): Promise<SupportTicket> {
    await requireTicket(this.#tickets, ticketId);
    const released = await this.#tickets.release(ticketId, actor.id, this.#clock.now());
    if (released === null)
      throw new Forbidden('SUPPORT.NOT_CLAIMER', 'Only the staff member who claimed this ticket can release it');
    await this.#activity.record({
      staffUserId: actor.id,
      type: 'ticket.released',
      description: `${actor.username} released ticket #${ticketId}`,
    });
    await this.#events.publish({ type: 'ticket.updated', ticket: released });
    return released;
  }
}
