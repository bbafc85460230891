import type { Clock } from '../../shared/clock.ts';
import type { ConnectedGroups } from '../groupPorts.ts';
import type { ScheduledSession } from '../workspacePorts.ts';
import {
  DEFAULT_SESSION_REMINDER_MINUTES,
  type SessionPostQueue,
  type SessionReminderQueue,
} from '../sessionNoticePorts.ts';

const MINUTE_MS = 60_000;

/**
 * After a session is scheduled or changed: queues the bot's post to the bound servers and, for a new start, the
 * reminder at the group's chosen minutes before it (at once when that moment has passed; none when the group chose
 * 0). A change that keeps the start (a seat filled) keeps its reminder: queuing another would remind twice.
 */
export class AnnounceSessionChange {
  readonly #posts: SessionPostQueue;
  readonly #reminders: SessionReminderQueue;
  readonly #groups: Pick<ConnectedGroups, 'find'>;
  readonly #clock: Clock;

  constructor(deps: {
    posts: SessionPostQueue;
    reminders: SessionReminderQueue;
    groups: Pick<ConnectedGroups, 'find'>;
    clock: Clock;
  }) {
    this.#posts = deps.posts;
    this.#reminders = deps.reminders;
    this.#groups = deps.groups;
    this.#clock = deps.clock;
  }

  async execute(groupId: string, session: ScheduledSession, change: 'scheduled' | 'updated'): Promise<void> {
    const job = { groupId, sessionId: session.id, startsAt: session.startsAt.toISOString() };
    await this.#posts.post({ ...job, post: change });
    if (change === 'updated') return;
    const group = await this.#groups.find(groupId);
    const minutes = group?.settings.sessionReminderMinutes ?? DEFAULT_SESSION_REMINDER_MINUTES;
    if (minutes === 0) return;
    const at = Math.max(this.#clock.now().getTime(), session.startsAt.getTime() - minutes * MINUTE_MS);
    await this.#reminders.remindAt(job, new Date(at));
  }
}
