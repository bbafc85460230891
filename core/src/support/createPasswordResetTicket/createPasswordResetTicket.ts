import type { Clock } from '../../shared/clock.ts';
import type { TicketEvents, TicketPriority, TicketRepository } from '../ports.ts';
import type { RateLimiter } from '../../shared/rateLimiter.ts';
import { enforceSubmissionLimit } from '../submissionLimit.ts';

/** The staff login page's password-reset request (spec 2 section 7). */
export interface PasswordResetTicketInput {
  title: string;
  description: string;
  category: 'password_reset';
  priority: TicketPriority;
  userEmail: string;
  userName: string;
}

/**
 * POST /api/support/tickets without a token: the staff login page's "forgot password" request. The requester
 * is locked out of their account, so there is no chat key; support answers by the usual channels.
 */
export class CreatePasswordResetTicket {
  readonly #tickets: TicketRepository;
  readonly #events: TicketEvents;
  readonly #clock: Clock;
  readonly #limit: RateLimiter;

  constructor(tickets: TicketRepository, events: TicketEvents, clock: Clock, limit: RateLimiter) {
    this.#tickets = tickets;
    this.#events = events;
    this.#clock = clock;
    this.#limit = limit;
  }

  async execute(input: PasswordResetTicketInput, clientAddress: string): Promise<{ id: number }> {
    const now = this.#clock.now();
    await enforceSubmissionLimit(this.#limit, clientAddress);
    const ticket = await this.#tickets.create({
      title: input.title,
      description: input.description,
      category: input.category,
      priority: input.priority,
      userEmail: input.userEmail,
      userName: input.userName,
      accessKeyHash: null,
      createdAt: now,
    });
    await this.#events.publish({ type: 'ticket.created', ticket });
    return { id: ticket.id };
  }
}
