import type { Clock } from '../../shared/clock.ts';
import { readPage, type ListLimits, type Page, type PageRequest } from '../../shared/paging.ts';
import { requireTicketReader } from '../access.ts';
import type { TicketActor, TicketListFilter, TicketRepository } from '../ports.ts';
import { completePolicies, withSla, type SlaPolicies, type TicketWithSla } from '../sla.ts';

export interface TicketListRequest extends PageRequest, Omit<TicketListFilter, 'breached'> {
  /** `breached`: only tickets past an SLA target (issue 39). */
  sla?: 'breached' | undefined;
}

/**
 * GET /api/support/tickets, for the roles that read tickets (issue 33: spec 2 shows no role check on live support
 * chat, but marketing and HR have no business with customers' tickets). Search and status filter run in the store,
 * so every ticket is reachable however many there are.
 */
export class ListTickets {
  readonly #tickets: TicketRepository;
  readonly #limits: ListLimits;
  readonly #policies: SlaPolicies;
  readonly #clock: Clock;

  constructor(tickets: TicketRepository, limits: ListLimits, policies: SlaPolicies, clock: Clock) {
    this.#tickets = tickets;
    this.#limits = limits;
    this.#policies = policies;
    this.#clock = clock;
  }

  async execute(actor: TicketActor, request: TicketListRequest): Promise<Page<TicketWithSla>> {
    requireTicketReader(actor);
    const policies = completePolicies(await this.#policies.read());
    const now = this.#clock.now();
    const filter: TicketListFilter = {
      search: request.search,
      status: request.status,
      label: request.label,
      breached: request.sla === 'breached' ? { policies, now } : undefined,
    };
    const page = await readPage(request, this.#limits, (before, limit) => this.#tickets.list(filter, before, limit));
    return { ...page, items: page.items.map((ticket) => withSla(ticket, policies, now)) };
  }
}
