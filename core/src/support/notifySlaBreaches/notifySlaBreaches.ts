import type { Clock } from '../../shared/clock.ts';
import type { Mailer } from '../../shared/mailer.ts';
import type { TicketRepository } from '../ports.ts';
import { completePolicies, type SlaPolicies } from '../sla.ts';

/** The members told of a breach: the active customer support directors. */
export interface SupportDirectors {
  emails(): Promise<string[]>;
}

export interface SlaBreachSettings {
  /** Tickets flagged per run; a backlog is worked off run by run. */
  batch: number;
  /** Where the staff screens are (PUBLIC_URL), for the link in the mail. */
  publicUrl: string;
}

/**
 * Run every SUPPORT_SLA_CHECK_MS by each API process (issue 39): flags each ticket whose SLA clock ran out, once
 * (the flag is a conditional write, so of several processes one wins each ticket), and mails the customer support
 * directors about it. Answers how many tickets it flagged.
 */
export class NotifySlaBreaches {
  readonly #tickets: TicketRepository;
  readonly #policies: SlaPolicies;
  readonly #directors: SupportDirectors;
  readonly #mailer: Mailer;
  readonly #clock: Clock;
  readonly #settings: SlaBreachSettings;

  constructor(
    tickets: TicketRepository,
    policies: SlaPolicies,
    directors: SupportDirectors,
    mailer: Mailer,
    clock: Clock,
    settings: SlaBreachSettings,
  ) {
    this.#tickets = tickets;
    this.#policies = policies;
    this.#directors = directors;
    this.#mailer = mailer;
    this.#clock = clock;
    this.#settings = settings;
  }

  async execute(): Promise<number> {
    const policies = completePolicies(await this.#policies.read());
    const flagged = await this.#tickets.flagBreaches(policies, this.#clock.now(), this.#settings.batch);
    if (flagged.length === 0) return 0;
    const to = await this.#directors.emails();
    if (to.length > 0) {
      for (const ticket of flagged) {
        await this.#mailer.send({
          to,
          subject: `SLA breached: ticket #${ticket.id} (${ticket.priority})`,
          text: [
            `Ticket #${ticket.id} "${ticket.title}" (${ticket.priority} priority) is past its SLA target.`,
            ticket.firstResponseAt === null ? 'No staff member has replied yet.' : `Status: ${ticket.status}.`,
            `Open the support tickets: ${new URL('/support-tickets', this.#settings.publicUrl).href}`,
          ].join('\n\n'),
        });
      }
    }
    return flagged.length;
  }
}
