import type { Clock } from '../../shared/clock.ts';
import { NotFound } from '../../shared/errors.ts';
import type { StaffActivityLog } from '../../staff/activityLog.ts';
import { requireTicketManager } from '../access.ts';
import type { SupportTicket, TicketActor, TicketEvents, TicketRepository, TicketStatus } from '../ports.ts';

/** PATCH /api/support/tickets/{id}: any status may follow any other (spec 2 section 5). */
export class ChangeTicketStatus {
  readonly #tickets: TicketRepository;
  readonly #activity: StaffActivityLog;
  readonly #events: TicketEvents;
  readonly #clock: Clock;
  readonly #closed: ((ticket: SupportTicket) => Promise<void>) | undefined;

  /** `closed` follows a move to closed (issue 39: the closing mail asking for a rating). */
  constructor(
    tickets: TicketRepository,
    activity: StaffActivityLog,
    events: TicketEvents,
    clock: Clock,
    closed?: (ticket: SupportTicket) => Promise<void>,
  ) {
    this.#tickets = tickets;
    this.#activity = activity;
    this.#events = events;
    this.#clock = clock;
    this.#closed = closed;
  }

  async execute(actor: TicketActor, ticketId: number, status: TicketStatus): Promise<SupportTicket> {
    requireTicketManager(actor, 'update support tickets');
    const updated = await this.#tickets.setStatus(ticketId, status, this.#clock.now());
    if (updated === null) throw new NotFound('SUPPORT.TICKET_NOT_FOUND', 'Ticket not found');
    await this.#activity.record({
      staffUserId: actor.id,
      type: 'ticket.status_changed',
      description: `${actor.username} set ticket #${ticketId} to ${status}`,
    });
    await this.#events.publish({ type: 'ticket.updated', ticket: updated });
    if (status === 'closed') await this.#closed?.(updated);
    return updated;
  }
}
