import type { Clock } from '../../shared/clock.ts';
import type { TicketMessageRepository, TicketRepository } from '../ports.ts';
import type { ChatReaders, TicketMail, TicketMailbox } from '../ticketMail.ts';
import { isCustomerVisible } from '../customerVisible.ts';

export interface DigestSettings {
  /** SUPPORT_EMAIL_DIGEST_SECONDS: at most one reply mail per ticket in this long. */
  intervalMs: number;
  /** Tickets looked at per run. */
  batch: number;
}

/**
 * The staff-reply mail (issue 39), run every SUPPORT_EMAIL_CHECK_MS by each API process: the replies a customer has
 * not seen go out in one mail, at most one per interval, and none while the customer has the chat open (what the
 * open chat shows counts as seen, so it is never mailed later).
 */
export class DigestTicketMail {
  readonly #tickets: TicketRepository;
  readonly #messages: TicketMessageRepository;
  readonly #mailbox: TicketMailbox;
  readonly #readers: ChatReaders;
  readonly #mail: TicketMail;
  readonly #clock: Clock;
  readonly #settings: DigestSettings;

  constructor(
    tickets: TicketRepository,
    messages: TicketMessageRepository,
    mailbox: TicketMailbox,
    readers: ChatReaders,
    mail: TicketMail,
    clock: Clock,
    settings: DigestSettings,
  ) {
    this.#tickets = tickets;
    this.#messages = messages;
    this.#mailbox = mailbox;
    this.#readers = readers;
    this.#mail = mail;
    this.#clock = clock;
    this.#settings = settings;
  }

  /** Answers how many mails went out. */
  async execute(): Promise<number> {
    let sent = 0;
    for (const mark of await this.#mailbox.pending(this.#settings.batch)) {
      const now = this.#clock.now();
      const ticket = await this.#tickets.findById(mark.ticketId);
      const chatKey = await this.#mailbox.chatKeyOf(mark.ticketId);
      if (ticket === null || chatKey === null) continue;
      const staffAfter = (await this.#messages.listFor(ticket.id)).filter(
        (message) => message.senderType === 'staff' && message.id > mark.mailedMessageId,
      );
      const latest = staffAfter.at(-1);
      if (latest === undefined) continue;
      // Private notes are never mailed, nor even hinted at: the mark steps over them.
      const unseen = staffAfter.filter(isCustomerVisible);
      if (unseen.length === 0 || (await this.#readers.reading(ticket.id, now))) {
        await this.#mailbox.advance(ticket.id, mark.mailedMessageId, latest.id, null);
        continue;
      }
      if (mark.lastMailedAt && now.getTime() - mark.lastMailedAt.getTime() < this.#settings.intervalMs) continue;
      // The mark moves first: a process that loses the race sends nothing, so no reply is mailed twice.
      if (!(await this.#mailbox.advance(ticket.id, mark.mailedMessageId, latest.id, now))) continue;
      if (await this.#mail.replies(ticket, chatKey, unseen)) sent += 1;
    }
    return sent;
  }
}
