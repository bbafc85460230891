import type { Clock } from '../../shared/clock.ts';
import { Conflict } from '../../shared/errors.ts';
import type { TokenGenerator } from '../../staff/ports.ts';
import { requireCustomerAccess } from '../access.ts';
import type { TicketRepository, TicketStatus } from '../ports.ts';
import type { TicketRating, TicketRatings } from './TicketRatings.ts';

export interface RatingInput {
  /** 1 to 5 (the contract checks). */
  score: number;
  comment?: string | undefined;
}

/** A rating is asked for once the ticket's work is done. */
const RATEABLE: ReadonlySet<TicketStatus> = new Set(['closed', 'resolved']);

/**
 * POST /api/support/tickets/{id}/rating (issue 39): the customer rates a closed ticket from its chat page, proven
 * by the chat key; once per ticket, a second rating is a 409.
 */
export class RateTicket {
  readonly #tickets: TicketRepository;
  readonly #ratings: TicketRatings;
  readonly #keys: TokenGenerator;
  readonly #clock: Clock;

  constructor(tickets: TicketRepository, ratings: TicketRatings, keys: TokenGenerator, clock: Clock) {
    this.#tickets = tickets;
    this.#ratings = ratings;
    this.#keys = keys;
    this.#clock = clock;
  }

  async execute(ticketId: number, key: string, input: RatingInput): Promise<TicketRating> {
    const ticket = await requireCustomerAccess(this.#tickets, this.#keys, ticketId, key);
    if (!RATEABLE.has(ticket.status))
      throw new Conflict('SUPPORT.TICKET_NOT_CLOSED', 'A ticket is rated once it is closed or resolved');
    const rating = { score: input.score, comment: input.comment?.trim() || null, createdAt: this.#clock.now() };
    if (!(await this.#ratings.add(ticketId, rating)))
      throw new Conflict('SUPPORT.ALREADY_RATED', 'This ticket has been rated already');
    return rating;
  }
}
