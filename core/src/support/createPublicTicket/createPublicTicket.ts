import type { Clock } from '../../shared/clock.ts';
import type { TokenGenerator } from '../../staff/ports.ts';
import type {
  SupportTicket,
  TicketEvents,
  TicketMessageRepository,
  TicketPriority,
  TicketRepository,
} from '../ports.ts';
import type { RateLimiter } from '../../shared/rateLimiter.ts';
import { enforceSubmissionLimit } from '../submissionLimit.ts';

/** The landing page's "Need Help?" form. */
export interface PublicTicketInput {
  name: string;
  email: string;
  subject: string;
  message: string;
  priority: TicketPriority;
}

/** The chat page's address carries the ticket's access key. */
export interface PublicTicketCreated {
  id: number;
  chatUrl: string;
}

export interface PublicTicketSettings {
  /**
   * The chat page's address for the ticket, carrying its access key (in the fragment, so it never reaches a server
   * log); a page of the web edge, so core is told it.
   */
  chatAddressOf: (ticketId: number, key: string) => string;
  /** Submissions per client address, shared with password-reset requests. */
  limit: RateLimiter;
  /** What follows a filing once the ticket is stored (issue 39: automatic assignment, the customer's mail). */
  opened?: (ticket: SupportTicket, key: string) => Promise<void>;
}

/**
 * POST /api/support/create-public: the landing page's "Need Help?" form. The visitor has no account, so
 * the answer carries a chat link with a fresh random key; only the key's hash is stored.
 */
export class CreatePublicTicket {
  readonly #tickets: TicketRepository;
  readonly #messages: TicketMessageRepository;
  readonly #keys: TokenGenerator;
  readonly #events: TicketEvents;
  readonly #clock: Clock;
  readonly #settings: PublicTicketSettings;

  constructor(
    tickets: TicketRepository,
    messages: TicketMessageRepository,
    keys: TokenGenerator,
    events: TicketEvents,
    clock: Clock,
    settings: PublicTicketSettings,
  ) {
    this.#tickets = tickets;
    this.#messages = messages;
    this.#keys = keys;
    this.#events = events;
    this.#clock = clock;
    this.#settings = settings;
  }

  async execute(input: PublicTicketInput, clientAddress: string): Promise<PublicTicketCreated> {
    const now = this.#clock.now();
    await enforceSubmissionLimit(this.#settings.limit, clientAddress);
    const key = this.#keys.generate();
    const ticket = await this.#tickets.create({
      title: input.subject,
      description: input.message,
      category: null,
      priority: input.priority,
      userEmail: input.email,
      userName: input.name,
      accessKeyHash: this.#keys.hash(key),
      createdAt: now,
    });
    // The form's message opens the thread, so the chat page shows what the customer asked.
    const message = await this.#messages.add({
      ticketId: ticket.id,
      staffUserId: null,
      senderName: input.name,
      senderType: 'customer',
      message: input.message,
      createdAt: now,
    });
    // Published side by side, in this order: the bus sends events queued together as one statement.
    await Promise.all([
      this.#events.publish({ type: 'ticket.created', ticket }),
      this.#events.publish({ type: 'message.created', ticketId: ticket.id, message }),
    ]);
    await this.#settings.opened?.(ticket, key);
    // The key rides in the fragment, which browsers never send to a server nor put in a Referer.
    return { id: ticket.id, chatUrl: this.#settings.chatAddressOf(ticket.id, key) };
  }
}
