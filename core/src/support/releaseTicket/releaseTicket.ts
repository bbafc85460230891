import type { Clock } from '../../shared/clock.ts';
import { Forbidden } from '../../shared/errors.ts';
import type { StaffActivityLog } from '../../staff/activityLog.ts';
import { changeClaim, type ClaimChangePorts } from '../claimChange.ts';
import type { SupportTicket, TicketActor, TicketEvents, TicketRepository } from '../ports.ts';

/** POST /api/support/tickets/{id}/release: only the claimer gives a ticket back. */
export class ReleaseTicket {
  readonly #ports: ClaimChangePorts;

  constructor(tickets: TicketRepository, activity: StaffActivityLog, events: TicketEvents, clock: Clock) {
    this.#ports = { tickets, activity, events, clock };
  }

  async execute(actor: TicketActor, ticketId: number): Promise<SupportTicket> {
    return changeClaim(this.#ports, actor, ticketId, {
      verb: 'released',
      write: (at) => this.#ports.tickets.release(ticketId, actor.id, at),
      refusal: () =>
        new Forbidden('SUPPORT.NOT_CLAIMER', 'Only the staff member who claimed this ticket can release it'),
    });
  }
}
