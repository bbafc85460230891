import { Conflict, NotFound } from '../../shared/errors.ts';
import type { GroupAccessPolicy } from '../groupAccess.ts';
import type { GroupSessions, ScheduledSession } from '../workspacePorts.ts';

export const SESSION_FULL = 'This session is full';

/** POST /api/roblox/groups/{id}/sessions/{sessionId}/signup: any member with workspace access, while slots last. */
export class SignUpForSession {
  readonly #access: GroupAccessPolicy;
  readonly #sessions: GroupSessions;

  constructor(access: GroupAccessPolicy, sessions: GroupSessions) {
    this.#access = access;
    this.#sessions = sessions;
  }

  async execute(customerId: number | undefined, groupId: string, id: number): Promise<ScheduledSession> {
    const { customer } = await this.#access.act(customerId, groupId);
    const outcome = await this.#sessions.signup(groupId, id, {
      userId: customer.robloxId,
      username: customer.robloxUsername,
    });
    if (outcome === 'missing') throw new NotFound('ROBLOX.SESSION_NOT_FOUND', 'Session not found');
    if (outcome === 'full') throw new Conflict('ROBLOX.SESSION_FULL', SESSION_FULL);
    return (await this.#sessions.find(groupId, id))!;
  }
}
