import type { RateLimiter } from '../../shared/rateLimiter.ts';
import type { SupportTicket, TicketRepository } from '../ports.ts';
import { enforceSubmissionLimit } from '../submissionLimit.ts';

/** The one answer, whether or not the ticket exists or the address matches: asking reveals nothing. */
export const FIND_MY_TICKET_ANSWER =
  'If that ticket was filed with this email address, we have emailed the link to its chat there.';

export interface FindMyTicketInput {
  email: string;
  ticketId: number;
}

/**
 * POST /api/support/find-ticket (issue 36): a visitor who lost the chat link asks for it by their email address and
 * ticket number. The link is mailed to the ticket's own address when both match, never shown, and the answer is
 * the same either way, so the form tells a stranger nothing about which tickets exist; each request counts toward
 * the address's submission limit.
 */
export class FindMyTicket {
  readonly #tickets: Pick<TicketRepository, 'findById'>;
  readonly #mail: { linkAgain(ticket: SupportTicket): Promise<void> };
  readonly #limit: RateLimiter;

  constructor(
    tickets: Pick<TicketRepository, 'findById'>,
    mail: { linkAgain(ticket: SupportTicket): Promise<void> },
    limit: RateLimiter,
  ) {
    this.#tickets = tickets;
    this.#mail = mail;
    this.#limit = limit;
  }

  async execute(input: FindMyTicketInput, clientAddress: string): Promise<{ message: string }> {
    await enforceSubmissionLimit(this.#limit, clientAddress);
    const ticket = await this.#tickets.findById(input.ticketId);
    const theirs = ticket?.userEmail && ticket.userEmail.toLowerCase() === input.email.trim().toLowerCase();
    if (ticket && theirs) await this.#mail.linkAgain(ticket);
    return { message: FIND_MY_TICKET_ANSWER };
  }
}
