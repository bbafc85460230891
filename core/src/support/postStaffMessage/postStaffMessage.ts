import type { Clock } from '../../shared/clock.ts';
import { Conflict, Invalid } from '../../shared/errors.ts';
import { mayActOnClaimed, requireTicket, requireTicketReader } from '../access.ts';
import { fillCannedResponse, type CannedResponses } from '../cannedResponses.ts';
import type {
  SupportTicket,
  TicketActor,
  TicketEvents,
  TicketMessage,
  TicketMessageRepository,
  TicketRepository,
} from '../ports.ts';

/** What a staff member sends: their own words, or a canned response by id (filled in for this ticket). */
export type StaffMessageContent = { message: string } | { cannedResponseId: number };

/** How a canned response names a customer who left no name. */
const UNNAMED_CUSTOMER = 'there';

/**
 * POST /api/support/tickets/{id}/messages: a staff reply, or a private note (issue 39) the customer never sees. A
 * note does not speak to the customer, so a colleague may add one to a ticket another member has claimed. A canned
 * response is posted as its text with the customer's, the ticket's and the agent's names filled in.
 */
export class PostStaffMessage {
  readonly #tickets: TicketRepository;
  readonly #messages: TicketMessageRepository;
  readonly #events: TicketEvents;
  readonly #clock: Clock;
  readonly #canned: CannedResponses;

  constructor(
    tickets: TicketRepository,
    messages: TicketMessageRepository,
    events: TicketEvents,
    clock: Clock,
    canned: CannedResponses,
  ) {
    this.#tickets = tickets;
    this.#messages = messages;
    this.#events = events;
    this.#clock = clock;
    this.#canned = canned;
  }

  async execute(
    actor: TicketActor,
    ticketId: number,
    content: StaffMessageContent,
    options: { isPrivate?: boolean } = {},
  ): Promise<TicketMessage> {
    requireTicketReader(actor);
    const ticket = await requireTicket(this.#tickets, ticketId);
    const text = await this.#textOf(content, ticket, actor);
    const isPrivate = options.isPrivate ?? false;
    // The lock exists so a customer hears one voice; others must wait for a release.
    if (!isPrivate && !mayActOnClaimed(actor, ticket))
      throw new Conflict('SUPPORT.TICKET_CLAIMED', 'Ticket is claimed by another staff member');
    const message = await this.#messages.add({
      ticketId,
      staffUserId: actor.id,
      senderName: actor.username,
      senderType: 'staff',
      message: text,
      isPrivate,
      createdAt: this.#clock.now(),
    });
    // The first reply the customer sees stops the first-response clock; a note does not.
    if (!isPrivate) await this.#tickets.markFirstResponse(ticketId, message.createdAt);
    await this.#events.publish({ type: 'message.created', ticketId, message });
    return message;
  }

  async #textOf(content: StaffMessageContent, ticket: SupportTicket, actor: TicketActor): Promise<string> {
    if ('message' in content) return content.message;
    const canned = await this.#canned.find(content.cannedResponseId);
    if (canned === null) {
      const message = 'No such canned response';
      throw new Invalid('SUPPORT.CANNED_RESPONSE_NOT_FOUND', message, [{ path: ['cannedResponseId'], message }]);
    }
    return fillCannedResponse(canned.body, {
      customerName: ticket.userName ?? UNNAMED_CUSTOMER,
      ticketId: ticket.id,
      agentName: actor.username,
    });
  }
}
