/** Both stream-ticket use cases over one store and one signed-in member, as their tests need them. */
import type { StaffRole } from '../../staff/roles.ts';
import { AuthenticateStaff } from '../../staff/authenticateStaff/authenticateStaff.ts';
import { AuthenticateStaffSession } from '../../staff/authenticateStaffSession/authenticateStaffSession.ts';
import {
  FixedClock,
  HOUR,
  InMemoryStaffRepository,
  InMemoryStaffSessions,
  SequentialTokenGenerator,
  T0,
  makeStaffMember,
} from '../../staff/testing/fakes.ts';
import { IssueStreamTicket } from '../issueStreamTicket/issueStreamTicket.ts';
import { RedeemStreamTicket } from '../redeemStreamTicket/redeemStreamTicket.ts';
import { InMemoryStreamTickets } from './fakes.ts';

export const TTL_MS = 60_000;

export const makeStreamTicketSut = async (role: StaffRole = 'customer_support') => {
  const staff = new InMemoryStaffRepository().add(makeStaffMember({ id: 7, role }));
  const sessions = new InMemoryStaffSessions(staff);
  const tokens = new SequentialTokenGenerator();
  const clock = new FixedClock();
  const session = new AuthenticateStaffSession(sessions, clock, { requiredRoles: [] });
  const authenticate = new AuthenticateStaff(session, tokens);
  const store = new InMemoryStreamTickets();
  const bearer = 'bearer-1';
  await sessions.create(7, tokens.hash(bearer), new Date(T0.getTime() + 8 * HOUR));
  return {
    issue: new IssueStreamTicket(authenticate, store, tokens, clock, { ttlMs: TTL_MS }),
    redeem: new RedeemStreamTicket(session, store, tokens, clock),
    store,
    staff,
    sessions,
    tokens,
    clock,
    bearer,
  };
};
