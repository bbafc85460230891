import { isCustomerVisible } from '../customerVisible.ts';
import type { TokenGenerator } from '../../staff/ports.ts';
import type { TicketRating, TicketRatings } from '../rateTicket/TicketRatings.ts';
import { requireCustomerAccess } from '../access.ts';
import type { SupportTicket, TicketMessage, TicketMessageRepository, TicketRepository } from '../ports.ts';

export interface CustomerThread {
  ticket: Pick<SupportTicket, 'id' | 'title' | 'status' | 'priority' | 'createdAt' | 'isLocked'>;
  messages: CustomerMessage[];
  /** The customer's satisfaction rating, once given: the chat asks for one while it is null on a closed ticket. */
  rating: TicketRating | null;
}

/** A message without the staff member's id. */
export type CustomerMessage = Omit<TicketMessage, 'staffUserId' | 'isPrivate'>;

export function toCustomerMessage(m: TicketMessage): CustomerMessage {
  return {
    id: m.id,
    ticketId: m.ticketId,
    senderName: m.senderName,
    senderType: m.senderType,
    message: m.message,
    attachment: m.attachment,
    createdAt: m.createdAt,
  };
}

/**
 * GET /api/support/chat/{id}/messages, and the first event of the chat's stream: the customer's view, the ticket's
 * public face and its messages, only with the right key.
 */
export class ReadCustomerThread {
  readonly #tickets: TicketRepository;
  readonly #messages: TicketMessageRepository;
  readonly #keys: TokenGenerator;
  readonly #ratings: TicketRatings;

  constructor(
    tickets: TicketRepository,
    messages: TicketMessageRepository,
    keys: TokenGenerator,
    ratings: TicketRatings,
  ) {
    this.#tickets = tickets;
    this.#messages = messages;
    this.#keys = keys;
    this.#ratings = ratings;
  }

  async execute(ticketId: number, key: string): Promise<CustomerThread> {
    const ticket = await requireCustomerAccess(this.#tickets, this.#keys, ticketId, key);
    // Only what the customer needs: staff ids and internal fields stay on the staff side.
    return {
      ticket: {
        id: ticket.id,
        title: ticket.title,
        status: ticket.status,
        priority: ticket.priority,
        createdAt: ticket.createdAt,
        isLocked: ticket.isLocked,
      },
      messages: (await this.#messages.listFor(ticketId)).filter(isCustomerVisible).map(toCustomerMessage),
      rating: await this.#ratings.find(ticketId),
    };
  }
}
