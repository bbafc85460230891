import type { Clock } from '../../shared/clock.ts';
import { Unauthenticated } from '../../shared/errors.ts';
import type { AuthenticateStaffSession } from '../../staff/authenticateStaffSession/authenticateStaffSession.ts';
import type { StaffMember, TokenGenerator } from '../../staff/ports.ts';
import { hasPermission } from '../../staff/roles.ts';
import { requireTicketReader } from '../access.ts';
import type { StreamTickets } from '../ports.ts';

export interface StaffStreamGrant {
  member: StaffMember;
  /**
   * Asked while the stream stays open: false once the session behind the ticket is revoked or expired, or the
   * member's role no longer reads tickets (a demotion mid-stream).
   */
  stillAllowed(): Promise<boolean>;
}

/** GET /api/support/events?ticket=: spends a stream ticket; a second use, or a late one, is refused. */
export class RedeemStreamTicket {
  readonly #authenticate: AuthenticateStaffSession;
  readonly #tickets: StreamTickets;
  readonly #tokens: TokenGenerator;
  readonly #clock: Clock;

  constructor(authenticate: AuthenticateStaffSession, tickets: StreamTickets, tokens: TokenGenerator, clock: Clock) {
    this.#authenticate = authenticate;
    this.#tickets = tickets;
    this.#tokens = tokens;
    this.#clock = clock;
  }

  async execute(ticket: string): Promise<StaffStreamGrant> {
    const sessionHash = await this.#tickets.take(this.#tokens.hash(ticket), this.#clock.now());
    if (sessionHash === null)
      throw new Unauthenticated('SUPPORT.STREAM_TICKET_INVALID', 'Invalid or used stream ticket');
    const member = await this.#authenticate.execute(sessionHash);
    // Issuing checked it too; the role may have changed within the ticket's lifetime.
    requireTicketReader(member);
    return {
      member,
      stillAllowed: () =>
        this.#authenticate.execute(sessionHash).then(
          (current) => hasPermission(current.role, 'tickets.read'),
          () => false,
        ),
    };
  }
}
