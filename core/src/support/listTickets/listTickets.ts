import { readPage, type ListLimits, type Page, type PageRequest } from '../../shared/paging.ts';
import type { SupportTicket, TicketListFilter, TicketRepository } from '../ports.ts';

/**
 * GET /api/support/tickets. Every active staff member may list: live support chat has no role check (spec 2
 * section 6), and the staff guard has already refused inactive accounts. Search and status filter run in the
 * store, so every ticket is reachable however many there are.
 */
export class ListTickets {
  readonly #tickets: TicketRepository;
  readonly #limits: ListLimits;

  constructor(tickets: TicketRepository, limits: ListLimits) {
    this.#tickets = tickets;
    this.#limits = limits;
  }

  execute(request: PageRequest & TicketListFilter): Promise<Page<SupportTicket>> {
    const filter = { search: request.search, status: request.status };
    return readPage(request, this.#limits, (before, limit) => this.#tickets.list(filter, before, limit));
  }
}
