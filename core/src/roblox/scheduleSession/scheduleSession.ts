import { Invalid } from '../../shared/errors.ts';
import type { Clock } from '../../shared/clock.ts';
import type { GroupAccessPolicy } from '../groupAccess.ts';
import type { GroupSessions, NewScheduledSession, ScheduledSession } from '../workspacePorts.ts';

/** POST /api/roblox/groups/{id}/sessions: ranks allowed to "self-host" schedule sessions, in the future only. */
export class ScheduleSession {
  readonly #access: GroupAccessPolicy;
  readonly #sessions: GroupSessions;
  readonly #clock: Clock;

  constructor(access: GroupAccessPolicy, sessions: GroupSessions, clock: Clock) {
    this.#access = access;
    this.#sessions = sessions;
    this.#clock = clock;
  }

  async execute(
    customerId: number | undefined,
    groupId: string,
    input: NewScheduledSession,
  ): Promise<ScheduledSession> {
    const { customer } = await this.#access.permitted(customerId, groupId, 'canAssignHostSelf');
    if (input.startsAt.getTime() <= this.#clock.now().getTime())
      throw new Invalid('A session is scheduled in the future', [{ path: ['startsAt'], message: 'Pick a later time' }]);
    return this.#sessions.add(groupId, input, customer.id);
  }
}
