import type { Clock } from '../../shared/clock.ts';
import type { AuthenticateStaff } from '../../staff/authenticateStaff/authenticateStaff.ts';
import type { TokenGenerator } from '../../staff/ports.ts';
import { requireTicketReader } from '../access.ts';
import type { StreamTickets } from '../ports.ts';

export interface StreamTicketSettings {
  /** Long enough to open the stream right after asking, short enough that a leaked URL is worthless. */
  ttlMs: number;
}

/**
 * POST /api/support/events/ticket: trades the staff bearer token for a short-lived, single-use stream ticket. The
 * stream carries every ticket's messages, so only roles that read tickets get one.
 */
export class IssueStreamTicket {
  readonly #authenticate: AuthenticateStaff;
  readonly #tickets: StreamTickets;
  readonly #tokens: TokenGenerator;
  readonly #clock: Clock;
  readonly #settings: StreamTicketSettings;

  constructor(
    authenticate: AuthenticateStaff,
    tickets: StreamTickets,
    tokens: TokenGenerator,
    clock: Clock,
    settings: StreamTicketSettings,
  ) {
    this.#authenticate = authenticate;
    this.#tickets = tickets;
    this.#tokens = tokens;
    this.#clock = clock;
    this.#settings = settings;
  }

  async execute(bearer: string | undefined): Promise<{ ticket: string }> {
    requireTicketReader(await this.#authenticate.execute(bearer));
    const ticket = this.#tokens.generate();
    const expiresAt = new Date(this.#clock.now().getTime() + this.#settings.ttlMs);
    // The session's hash, not the token: the stream keeps checking the session without ever holding the token.
    await this.#tickets.save(this.#tokens.hash(ticket), this.#tokens.hash(bearer as string), expiresAt);
    return { ticket };
  }
}
