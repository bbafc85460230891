import { Invalid } from '../../shared/errors.ts';
import type { Clock } from '../../shared/clock.ts';
import type { GroupAccessPolicy } from '../groupAccess.ts';
import type { GroupSessions, NewScheduledSession, ScheduledSession } from '../workspacePorts.ts';
import type { AnnounceSessionChange } from '../announceSessionChange/announceSessionChange.ts';

/**
 * POST /api/roblox/groups/{id}/sessions: ranks allowed to "self-host" schedule sessions, in the future only. A new
 * session is announced (the bot's post, the reminder before the start).
 */
export class ScheduleSession {
  readonly #access: GroupAccessPolicy;
  readonly #sessions: GroupSessions;
  readonly #clock: Clock;
  readonly #announce: Pick<AnnounceSessionChange, 'execute'>;

  constructor(
    access: GroupAccessPolicy,
    sessions: GroupSessions,
    clock: Clock,
    announce: Pick<AnnounceSessionChange, 'execute'>,
  ) {
    this.#access = access;
    this.#sessions = sessions;
    this.#clock = clock;
    this.#announce = announce;
  }

  async execute(
    customerId: number | undefined,
    groupId: string,
    input: NewScheduledSession,
  ): Promise<ScheduledSession> {
    const { customer } = await this.#access.permitted(customerId, groupId, 'canAssignHostSelf');
    if (input.startsAt.getTime() <= this.#clock.now().getTime())
      throw new Invalid('ROBLOX.SESSION_IN_PAST', 'A session is scheduled in the future', [
        { path: ['startsAt'], message: 'Pick a later time' },
      ]);
    const created = await this.#sessions.add(groupId, input, customer.id);
    await this.#announce.execute(groupId, created, 'scheduled');
    return created;
  }
}
