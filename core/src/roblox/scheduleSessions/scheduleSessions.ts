import { Conflict, Forbidden, Invalid, NotFound } from '../../shared/errors.ts';
import type { Clock } from '../../shared/clock.ts';
import { NOT_PERMITTED, rankMay, type GroupAccessPolicy } from '../groupAccess.ts';
import type { RobloxMemberships, RobloxUsers } from '../ports.ts';
import type { GroupSessions, NewScheduledSession, ScheduledSession, SessionPerson } from '../workspacePorts.ts';

export const SESSION_FULL = 'This session is full';
export const SESSION_HAS_HOST = 'This session has a host already';
export const HOST_TWICE = 'The host and the co-host must be two people';
export const NOT_A_GROUP_MEMBER = 'That user is not a member of this group';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Scheduled sessions (POST, GET /sessions; POST /sessions/{id}/host and /signup), guarded by the group's per-rank
 * permissions: scheduling and claiming the host seat need "self-host", claiming the co-host seat "self co-host",
 * putting someone else in either seat (or taking a seat someone holds) "assign host to others"; any member with
 * workspace access signs up while slots are left.
 */
export class ScheduleSessions {
  readonly #access: GroupAccessPolicy;
  readonly #sessions: GroupSessions;
  readonly #users: RobloxUsers;
  readonly #memberships: RobloxMemberships;
  readonly #clock: Clock;
  readonly #limit: number;

  constructor(
    access: GroupAccessPolicy,
    sessions: GroupSessions,
    users: RobloxUsers,
    memberships: RobloxMemberships,
    clock: Clock,
    limit: number,
  ) {
    this.#access = access;
    this.#sessions = sessions;
    this.#users = users;
    this.#memberships = memberships;
    this.#clock = clock;
    this.#limit = limit;
  }

  async create(customerId: number | undefined, groupId: string, input: NewScheduledSession) {
    const { customer } = await this.#access.permitted(customerId, groupId, 'canAssignHostSelf');
    if (input.startsAt.getTime() <= this.#clock.now().getTime())
      throw new Invalid('ROBLOX.SESSION_IN_PAST', 'A session is scheduled in the future', [
        { path: ['startsAt'], message: 'Pick a later time' },
      ]);
    return this.#sessions.add(groupId, input, customer.id);
  }

  async list(customerId: number | undefined, groupId: string): Promise<ScheduledSession[]> {
    await this.#access.view(customerId, groupId);
    // Sessions that started within the last day stay listed while they may still be running.
    return this.#sessions.upcoming(groupId, new Date(this.#clock.now().getTime() - DAY_MS), this.#limit);
  }

  async assignHost(
    customerId: number | undefined,
    groupId: string,
    id: number,
    request: { role: 'host' | 'co-host'; userId?: string | undefined },
  ): Promise<ScheduledSession> {
    const access = await this.#access.act(customerId, groupId);
    const self = !request.userId || request.userId === access.customer.robloxId;
    const assignsOthers = rankMay(access, 'canAssignHostOthers');
    const permitted = self
      ? rankMay(access, request.role === 'host' ? 'canAssignHostSelf' : 'canAssignCoHostSelf')
      : assignsOthers;
    if (!permitted) throw new Forbidden('ROBLOX.RANK_NOT_PERMITTED', NOT_PERMITTED);
    const session = await this.#sessions.find(groupId, id);
    if (!session) throw new NotFound('ROBLOX.SESSION_NOT_FOUND', 'Session not found');
    const seat = request.role === 'host' ? session.host : session.coHost;
    const other = request.role === 'host' ? session.coHost : session.host;
    const person = self
      ? { userId: access.customer.robloxId, username: access.customer.robloxUsername }
      : await this.#member(groupId, request.userId!);
    if (seat && seat.userId !== person.userId && !assignsOthers)
      throw new Conflict('ROBLOX.SESSION_HAS_HOST', SESSION_HAS_HOST);
    if (other?.userId === person.userId) throw new Conflict('ROBLOX.HOST_TWICE', HOST_TWICE);
    return this.#sessions.setHost(groupId, id, request.role, person);
  }

  async signup(customerId: number | undefined, groupId: string, id: number): Promise<ScheduledSession> {
    const { customer } = await this.#access.act(customerId, groupId);
    const outcome = await this.#sessions.signup(groupId, id, {
      userId: customer.robloxId,
      username: customer.robloxUsername,
    });
    if (outcome === 'missing') throw new NotFound('ROBLOX.SESSION_NOT_FOUND', 'Session not found');
    if (outcome === 'full') throw new Conflict('ROBLOX.SESSION_FULL', SESSION_FULL);
    return (await this.#sessions.find(groupId, id))!;
  }

  /** Someone else put in a seat must be in the group now. */
  async #member(groupId: string, userId: string): Promise<SessionPerson> {
    const [user, roles] = await Promise.all([this.#users.byId(userId), this.#memberships.groupRolesOf(userId)]);
    if (!user || !roles.some((role) => role.groupId === groupId))
      throw new Invalid('ROBLOX.TARGET_NOT_IN_GROUP', NOT_A_GROUP_MEMBER, [
        { path: ['userId'], message: NOT_A_GROUP_MEMBER },
      ]);
    return { userId: user.id, username: user.name };
  }
}
