import type { Clock } from '../../shared/clock.ts';
import { requireTicket, requireTicketReader } from '../access.ts';
import type { TicketActor, TicketRepository } from '../ports.ts';
import { withSla, type SlaPolicies, type TicketWithSla } from '../sla.ts';

/** GET /api/support/tickets/{id}: one ticket for staff, with its SLA clocks (issue 39). */
export class GetTicket {
  readonly #tickets: TicketRepository;
  readonly #policies: SlaPolicies;
  readonly #clock: Clock;

  constructor(tickets: TicketRepository, policies: SlaPolicies, clock: Clock) {
    this.#tickets = tickets;
    this.#policies = policies;
    this.#clock = clock;
  }

  async execute(actor: TicketActor, id: number): Promise<TicketWithSla> {
    requireTicketReader(actor);
    const ticket = await requireTicket(this.#tickets, id);
    return withSla(ticket, await this.#policies.read(), this.#clock.now());
  }
}
