import type { Clock } from '../../shared/clock.ts';
import { Conflict } from '../../shared/errors.ts';
import type { StaffActivityLog } from '../../staff/activityLog.ts';
import { requireTicket } from '../access.ts';
import type { SupportTicket, TicketActor, TicketEvents, TicketRepository } from '../ports.ts';

/** POST /api/support/tickets/{id}/claim. */
export class ClaimTicket {
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
    // The decision is the repository's single conditional write, not a read-then-write here, so two
    // simultaneous claims cannot both see the ticket free.
    const claimed = await this.#tickets.tryClaim(
      ticketId,
      actor.id,
      this.#clock.now(),
      actor.role === 'platform_owner',
    );
    if (claimed === null) throw new Conflict('SUPPORT.TICKET_ALREADY_CLAIMED', 'Ticket is already claimed');
    await this.#activity.record({
      staffUserId: actor.id,
      type: 'ticket.claimed',
      description: `${actor.username} claimed ticket #${ticketId}`,
    });
    await this.#events.publish({ type: 'ticket.updated', ticket: claimed });
    return claimed;
  }
}
