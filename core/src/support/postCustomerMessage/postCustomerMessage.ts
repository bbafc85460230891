import type { Clock } from '../../shared/clock.ts';
import type { TokenGenerator } from '../../staff/ports.ts';
import { requireCustomerAccess } from '../access.ts';
import { addCustomerMessage } from '../customerMessage.ts';
import type { TicketEvents, TicketMessage, TicketMessageRepository, TicketRepository } from '../ports.ts';

/** The customer's answer from /support-chat, proven by the chat key rather than an account. */
export class PostCustomerMessage {
  readonly #tickets: TicketRepository;
  readonly #messages: TicketMessageRepository;
  readonly #keys: TokenGenerator;
  readonly #events: TicketEvents;
  readonly #clock: Clock;

  constructor(
    tickets: TicketRepository,
    messages: TicketMessageRepository,
    keys: TokenGenerator,
    events: TicketEvents,
    clock: Clock,
  ) {
    this.#tickets = tickets;
    this.#messages = messages;
    this.#keys = keys;
    this.#events = events;
    this.#clock = clock;
  }

  async execute(ticketId: number, key: string, text: string): Promise<TicketMessage> {
    const ticket = await requireCustomerAccess(this.#tickets, this.#keys, ticketId, key);
    return addCustomerMessage({ messages: this.#messages, events: this.#events }, ticket, text, this.#clock.now());
  }
}
