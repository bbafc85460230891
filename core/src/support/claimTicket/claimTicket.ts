import type { Clock } from '../../shared/clock.ts';
import { Conflict } from '../../shared/errors.ts';
import type { StaffActivityLog } from '../../staff/activityLog.ts';
import { changeClaim, type ClaimChangePorts } from '../claimChange.ts';
import type { SupportTicket, TicketActor, TicketEvents, TicketRepository } from '../ports.ts';

/** POST /api/support/tickets/{id}/claim: a free ticket, or one the claimer holds; the platform owner takes over. */
export class ClaimTicket {
  readonly #ports: ClaimChangePorts;

  constructor(tickets: TicketRepository, activity: StaffActivityLog, events: TicketEvents, clock: Clock) {
    this.#ports = { tickets, activity, events, clock };
  }

  async execute(actor: TicketActor, ticketId: number): Promise<SupportTicket> {
    return changeClaim(this.#ports, actor, ticketId, {
      verb: 'claimed',
      write: (at) => this.#ports.tickets.tryClaim(ticketId, actor.id, at, actor.role === 'platform_owner'),
      refusal: () => new Conflict('SUPPORT.TICKET_ALREADY_CLAIMED', 'Ticket is already claimed'),
    });
  }
}
