import { readPage, type ListLimits, type Page, type PageRequest } from '../../shared/paging.ts';
import { requireTicketReader } from '../access.ts';
import type { SupportTicket, TicketActor, TicketListFilter, TicketRepository } from '../ports.ts';

/**
 * GET /api/support/tickets, for the roles that read tickets (issue 33: spec 2 shows no role check on live support
 * chat, but marketing and HR have no business with customers' tickets). Search and status filter run in the store,
 * so every ticket is reachable however many there are.
 */
export class ListTickets {
  readonly #tickets: TicketRepository;
  readonly #limits: ListLimits;

  constructor(tickets: TicketRepository, limits: ListLimits) {
    this.#tickets = tickets;
    this.#limits = limits;
  }

  async execute(actor: TicketActor, request: PageRequest & TicketListFilter): Promise<Page<SupportTicket>> {
    requireTicketReader(actor);
    const filter = { search: request.search, status: request.status, label: request.label };
    return readPage(request, this.#limits, (before, limit) => this.#tickets.list(filter, before, limit));
  }
}
