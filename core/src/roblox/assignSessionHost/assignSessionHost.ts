import { Conflict, Forbidden, Invalid, NotFound } from '../../shared/errors.ts';
import { NOT_PERMITTED, rankMay, type GroupAccessPolicy } from '../groupAccess.ts';
import type { RobloxMemberships, RobloxUsers } from '../ports.ts';
import type { GroupSessions, ScheduledSession, SessionPerson } from '../workspacePorts.ts';
import type { AnnounceSessionChange } from '../announceSessionChange/announceSessionChange.ts';

export const SESSION_HAS_HOST = 'This session has a host already';
export const HOST_TWICE = 'The host and the co-host must be two people';
export const NOT_A_GROUP_MEMBER = 'That user is not a member of this group';

/**
 * POST /api/roblox/groups/{id}/sessions/{sessionId}/host, guarded by the group's per-rank permissions: claiming the
 * host seat needs "self-host", the co-host seat "self co-host", putting someone else in either seat (or taking a
 * seat someone holds) "assign host to others". A seat filled is announced (the bot's post, the reminder before the
 * start).
 */
export class AssignSessionHost {
  readonly #access: GroupAccessPolicy;
  readonly #sessions: GroupSessions;
  readonly #users: RobloxUsers;
  readonly #memberships: RobloxMemberships;
  readonly #announce: Pick<AnnounceSessionChange, 'execute'>;

  constructor(
    access: GroupAccessPolicy,
    sessions: GroupSessions,
    users: RobloxUsers,
    memberships: RobloxMemberships,
    announce: Pick<AnnounceSessionChange, 'execute'>,
  ) {
    this.#access = access;
    this.#sessions = sessions;
    this.#users = users;
    this.#memberships = memberships;
    this.#announce = announce;
  }

  async execute(
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
    const updated = await this.#sessions.setHost(groupId, id, request.role, person);
    await this.#announce.execute(groupId, updated, 'updated');
    return updated;
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
