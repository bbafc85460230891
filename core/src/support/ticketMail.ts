import type { Clock } from '../shared/clock.ts';
import type { Mailer } from '../shared/mailer.ts';
import type { TokenGenerator } from '../staff/ports.ts';
import type { SupportTicket, TicketMessage } from './ports.ts';

/**
 * A public ticket's mail channel (issue 39): the customer hears of their ticket by mail and answers by replying.
 * Only public tickets have one: they alone carry a chat key for the mail's chat link.
 */
export interface TicketMailbox {
  /** Opens the channel of a new public ticket, keeping its chat key (the adapter keeps it sealed). */
  open(ticketId: number, chatKey: string): Promise<void>;
  /** The chat key of a ticket with a mail channel; null without one. */
  chatKeyOf(ticketId: number): Promise<string | null>;
  /** Tickets holding staff replies past their mark (private notes never count), at most `limit`, oldest first. */
  pending(limit: number): Promise<MailMark[]>;
  /**
   * Moves the ticket's mark from `from` to `to`, and its last mail time to `mailedAt` when given, only while the
   * mark still stands at `from`: of two processes digesting the same ticket, one wins and the other sends nothing.
   */
  advance(ticketId: number, from: number, to: number, mailedAt: Date | null): Promise<boolean>;
  /** A mail sent apart from the digest (the ticket's opening or closing): the digest's interval counts from it. */
  mailed(ticketId: number, at: Date): Promise<void>;
}

export interface MailMark {
  ticketId: number;
  /** Staff messages up to this id were mailed, or shown in the open chat. */
  mailedMessageId: number;
  lastMailedAt: Date | null;
}

/** Reply-To tokens; only hashes are kept. */
export interface ReplyTokens {
  save(tokenHash: string, ticketId: number, expiresAt: Date): Promise<void>;
  /** The ticket a token answers for while it expires after `now`; null when unknown or expired. */
  ticketOf(tokenHash: string, now: Date): Promise<number | null>;
}

/** Whether the customer reads the chat now: an open chat event stream, in any process, counts as reading. */
export interface ChatReaders {
  reading(ticketId: number, now: Date): Promise<boolean>;
}

export interface TicketMailSettings {
  /** MAIL_DOMAIN: the domain of reply addresses, which INBOUND_SMTP_PORT receives for. */
  mailDomain: string;
  /** How long a mail's reply address takes answers. */
  replyTokenTtlMs: number;
  /** The customer's chat page for a ticket and key (a page of the web edge). */
  chatAddressOf: (ticketId: number, key: string) => string;
  /** A mail that could not go out is reported here; it never fails the ticket action that caused it. */
  onSendFailure: (error: unknown, ticketId: number) => void;
}

/** Everything below this line in a reply is the quoted mail; outgoing ticket mail opens with it. */
export const REPLY_LINE = '##- Please type your reply above this line -##';

const REPLY_LOCAL_PART = /^support\+(\d+)\.([0-9a-z]+)$/;

/** `support+<ticketId>.<token>@<domain>`: the address a customer's reply goes to. */
export function replyAddress(ticketId: number, token: string, domain: string): string {
  return `support+${ticketId}.${token}@${domain}`;
}

/** The ticket and token a recipient names, or null for any other address (another domain, another shape). */
export function parseReplyAddress(address: string, domain: string): { ticketId: number; token: string } | null {
  const at = address.lastIndexOf('@');
  if (at < 0 || address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return null;
  // Mail systems may change the case of an address; tokens are lower-case hex, so nothing is lost.
  const match = REPLY_LOCAL_PART.exec(address.slice(0, at).toLowerCase());
  if (!match) return null;
  const ticketId = Number(match[1]);
  return Number.isSafeInteger(ticketId) ? { ticketId, token: match[2]! } : null;
}

/** Where the quoted mail starts: our reply line, a client's "On … wrote:", an Outlook header block or ">" quoting. */
const QUOTE_STARTS = [
  (line: string) => line.includes(REPLY_LINE),
  (line: string) => /^On\b.*\bwrote:\s*$/.test(line),
  (line: string) => /^-{2,}\s*Original Message\s*-{2,}/i.test(line),
  (line: string) => /^From:\s.+/.test(line),
  (line: string) => line.startsWith('>'),
];

/** The customer's own words of a mail reply: the text above the reply line or quote, trimmed. */
export function stripQuotedReply(text: string): string {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const end = lines.findIndex((line) => QUOTE_STARTS.some((starts) => starts(line.trim())));
  return (end < 0 ? lines : lines.slice(0, end)).join('\n').trim();
}

/**
 * Writes and sends the ticket mail: the subject carries the ticket number, the body the chat link, and Reply-To a
 * fresh reply address whose token only this mail carries.
 */
export class TicketMail {
  readonly #mailer: Mailer;
  readonly #mailbox: TicketMailbox;
  readonly #tokens: ReplyTokens;
  readonly #keys: TokenGenerator;
  readonly #clock: Clock;
  readonly #settings: TicketMailSettings;

  constructor(
    mailer: Mailer,
    mailbox: TicketMailbox,
    tokens: ReplyTokens,
    keys: TokenGenerator,
    clock: Clock,
    settings: TicketMailSettings,
  ) {
    this.#mailer = mailer;
    this.#mailbox = mailbox;
    this.#tokens = tokens;
    this.#keys = keys;
    this.#clock = clock;
    this.#settings = settings;
  }

  /** A new public ticket: its channel opens and the customer gets the chat link. */
  async opened(ticket: SupportTicket, chatKey: string): Promise<void> {
    await this.#mailbox.open(ticket.id, chatKey);
    const sent = await this.#send(ticket, chatKey, 'We received your request', [
      `Hello ${ticket.userName ?? 'there'},`,
      '',
      `Thank you for contacting GroupFlow support. Your request is ticket #${ticket.id}: "${ticket.title}".`,
      'Reply to this mail or follow the chat link below to add to it; our team answers there.',
    ]);
    if (sent) await this.#mailbox.mailed(ticket.id, this.#clock.now());
  }

  /** Staff replies the customer has not seen, in one mail. False when it could not go out. */
  async replies(ticket: SupportTicket, chatKey: string, replies: TicketMessage[]): Promise<boolean> {
    return this.#send(ticket, chatKey, replies.length === 1 ? 'New reply' : `${replies.length} new replies`, [
      ...replies.flatMap((reply) => [`${reply.senderName} (${reply.createdAt.toISOString()}):`, reply.message, '']),
    ]);
  }

  /** A closed ticket: the customer is asked for a rating on the chat page. */
  async closed(ticket: SupportTicket): Promise<void> {
    const chatKey = await this.#mailbox.chatKeyOf(ticket.id);
    if (chatKey === null) return;
    const sent = await this.#send(ticket, chatKey, 'Your ticket was closed', [
      `Ticket #${ticket.id} was closed. How did we do? Rate our support from 1 to 5 on the chat page:`,
    ]);
    if (sent) await this.#mailbox.mailed(ticket.id, this.#clock.now());
  }

  /** "Find my ticket" (issue 36): the chat link again, to the ticket's own address only. */
  async linkAgain(ticket: SupportTicket): Promise<void> {
    const chatKey = await this.#mailbox.chatKeyOf(ticket.id);
    if (chatKey === null) return;
    await this.#send(ticket, chatKey, 'The link to your chat', [
      `Someone asked for the link to ticket #${ticket.id} on the Support page. If it was not you, ignore this mail:`,
      'the link reached only this address.',
    ]);
  }

  async #send(ticket: SupportTicket, chatKey: string, headline: string, body: string[]): Promise<boolean> {
    if (!ticket.userEmail) return false;
    const token = this.#keys.generate();
    const now = this.#clock.now();
    await this.#tokens.save(
      this.#keys.hash(token),
      ticket.id,
      new Date(now.getTime() + this.#settings.replyTokenTtlMs),
    );
    try {
      await this.#mailer.send({
        to: [ticket.userEmail],
        subject: `[Ticket #${ticket.id}] ${headline}: ${ticket.title}`,
        replyTo: replyAddress(ticket.id, token, this.#settings.mailDomain),
        text: [
          REPLY_LINE,
          '',
          ...body,
          '',
          `Chat: ${this.#settings.chatAddressOf(ticket.id, chatKey)}`,
          '',
          'GroupFlow Support',
        ].join('\n'),
      });
      return true;
    } catch (error) {
      this.#settings.onSendFailure(error, ticket.id);
      return false;
    }
  }
}
