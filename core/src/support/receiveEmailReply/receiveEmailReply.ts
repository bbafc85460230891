import type { Clock } from '../../shared/clock.ts';
import { Invalid, NotFound } from '../../shared/errors.ts';
import { enforceRateLimit, type RateLimiter } from '../../shared/rateLimiter.ts';
import type { TokenGenerator } from '../../staff/ports.ts';
import type { TicketEvents, TicketMessage, TicketMessageRepository, TicketRepository } from '../ports.ts';
import { addCustomerMessage } from '../customerMessage.ts';
import { parseReplyAddress, stripQuotedReply, type ReplyTokens } from '../ticketMail.ts';

export interface InboundReply {
  /** The reply address the mail was sent to. */
  recipient: string;
  /** The envelope sender, as the rate limit counts it. */
  sender: string;
  /** The mail's plain text. */
  text: string;
}

export interface ReceiveEmailReplySettings {
  mailDomain: string;
  /** Mails per sender address and window (INBOUND_MAIL_MAX_PER_WINDOW / INBOUND_MAIL_WINDOW_MINUTES). */
  senderLimit: RateLimiter;
}

/** Statuses a customer's reply takes back to open: the conversation goes on, as in Chatwoot and Zammad. */
const REOPENED = new Set(['resolved', 'closed']);

/**
 * Inbound ticket mail (issue 39): a reply to a ticket's reply address becomes a customer message on that ticket,
 * without the quoted text below the reply line. The SMTP edge asks the sender and recipient first, so a refusal is
 * an SMTP answer and nothing of the mail is stored.
 */
export class ReceiveEmailReply {
  readonly #tickets: TicketRepository;
  readonly #messages: TicketMessageRepository;
  readonly #tokens: ReplyTokens;
  readonly #keys: TokenGenerator;
  readonly #events: TicketEvents;
  readonly #clock: Clock;
  readonly #settings: ReceiveEmailReplySettings;

  constructor(
    tickets: TicketRepository,
    messages: TicketMessageRepository,
    tokens: ReplyTokens,
    keys: TokenGenerator,
    events: TicketEvents,
    clock: Clock,
    settings: ReceiveEmailReplySettings,
  ) {
    this.#tickets = tickets;
    this.#messages = messages;
    this.#tokens = tokens;
    this.#keys = keys;
    this.#events = events;
    this.#clock = clock;
    this.#settings = settings;
  }

  /** MAIL FROM: one sender cannot flood the desk (TooManyAttempts). */
  async admitSender(sender: string): Promise<void> {
    await enforceRateLimit(
      this.#settings.senderLimit,
      sender.trim().toLowerCase(),
      'SUPPORT.TOO_MANY_MAILS',
      'Too many mails from this sender; try again later',
    );
  }

  /** RCPT TO: the ticket a live reply address answers for; NotFound for any other address or an expired token. */
  async admitRecipient(recipient: string): Promise<number> {
    const address = parseReplyAddress(recipient, this.#settings.mailDomain);
    const ticketId =
      address === null ? null : await this.#tokens.ticketOf(this.#keys.hash(address.token), this.#clock.now());
    if (ticketId === null || ticketId !== address?.ticketId)
      throw new NotFound('SUPPORT.REPLY_ADDRESS_INVALID', 'No ticket answers to this address, or its token expired');
    return ticketId;
  }

  async execute(reply: InboundReply): Promise<TicketMessage> {
    const ticketId = await this.admitRecipient(reply.recipient);
    const text = stripQuotedReply(reply.text);
    if (!text) throw new Invalid('SUPPORT.EMPTY_REPLY', 'The mail holds no text above the quoted part');
    const ticket = await this.#tickets.findById(ticketId);
    if (ticket === null) throw new NotFound('SUPPORT.REPLY_ADDRESS_INVALID', 'The ticket is gone');
    const now = this.#clock.now();
    const message = await addCustomerMessage({ messages: this.#messages, events: this.#events }, ticket, text, now);
    if (REOPENED.has(ticket.status)) {
      const reopened = await this.#tickets.setStatus(ticketId, 'open', now);
      if (reopened) await this.#events.publish({ type: 'ticket.updated', ticket: reopened });
    }
    return message;
  }
}
