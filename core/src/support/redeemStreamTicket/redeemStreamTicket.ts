import type { Clock } from '../../shared/clock.ts';
import { Unauthenticated } from '../../shared/errors.ts';
import type { AuthenticateStaff } from '../../staff/authenticateStaff/authenticateStaff.ts';
import type { StaffMember, TokenGenerator } from '../../staff/ports.ts';
import type { StreamTickets } from '../ports.ts';

export interface StaffStreamGrant {
  member: StaffMember;
  /** Asked while the stream stays open: false once the session behind the ticket is revoked or expired. */
  stillSignedIn(): Promise<boolean>;
}

/** GET /api/support/events?ticket=: spends a stream ticket; a second use, or a late one, is refused. */
export class RedeemStreamTicket {
  readonly #authenticate: AuthenticateStaff;
  readonly #tickets: StreamTickets;
  readonly #tokens: TokenGenerator;
  readonly #clock: Clock;

  constructor(authenticate: AuthenticateStaff, tickets: StreamTickets, tokens: TokenGenerator, clock: Clock) {
    this.#authenticate = authenticate;
    this.#tickets = tickets;
    this.#tokens = tokens;
    this.#clock = clock;
  }

  async execute(ticket: string): Promise<StaffStreamGrant> {
    const sessionHash = await this.#tickets.take(this.#tokens.hash(ticket), this.#clock.now());
    if (sessionHash === null)
      throw new Unauthenticated('SUPPORT.STREAM_TICKET_INVALID', 'Invalid or used stream ticket');
    const member = await this.#authenticate.bySessionHash(sessionHash);
    return {
      member,
      stillSignedIn: () =>
        this.#authenticate.bySessionHash(sessionHash).then(
          () => true,
          () => false,
        ),
    };
  }
}
