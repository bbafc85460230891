import type { TicketPage, TicketRepository } from '../ports.ts';

/**
 * GET /api/support/tickets. Every active staff member may list: live support chat has no role check (spec 2
 * section 6), and the staff guard has already refused inactive accounts.
 */
export class ListTickets {
  readonly #tickets: TicketRepository;

  constructor(tickets: TicketRepository) {
    this.#tickets = tickets;
  }

  async execute(page: { before?: number | undefined; limit: number }): Promise<TicketPage> {
    // One extra row tells whether an older page exists without a separate count.
    const rows = await this.#tickets.list(page.before ?? null, page.limit + 1);
    const tickets = rows.slice(0, page.limit);
    const last = tickets.at(-1);
    return { tickets, nextCursor: rows.length > page.limit && last ? last.id : null };
  }
}
