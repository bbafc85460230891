import type { CustomerRepository } from '../../customer/ports.ts';
import type { CustomerNotifications } from '../../notifications/ports.ts';
import type { ConnectedGroups } from '../groupPorts.ts';
import type { GroupSessions, ScheduledSession, SessionPerson } from '../workspacePorts.ts';
import type { SessionPostQueue, SessionReminderJob } from '../sessionNoticePorts.ts';

/** The session's start the job was queued for is still its start, and it has not been called off. */
export function stillDue(session: ScheduledSession | null, startsAt: string): session is ScheduledSession {
  return session !== null && session.status !== 'cancelled' && session.startsAt.toISOString() === startsAt;
}

/** Host, co-host and everyone signed up, each once, with the part they play. */
function peopleOf(session: ScheduledSession): { person: SessionPerson; part: string }[] {
  const seated = [
    ...(session.host ? [{ person: session.host, part: 'You host it.' }] : []),
    ...(session.coHost ? [{ person: session.coHost, part: 'You co-host it.' }] : []),
    ...session.signups.map((person) => ({ person, part: 'You signed up for it.' })),
  ];
  return seated.filter(
    (entry, index) => seated.findIndex((other) => other.person.userId === entry.person.userId) === index,
  );
}

/**
 * The reminder job, at the group's chosen time before a session starts: tells the host, the co-host and the members
 * signed up (those with a proven GroupFlow account) in their notifications, once each however often the job runs,
 * and queues the bot's reminder post. A session moved or cancelled since the job was queued is left alone.
 */
export class RemindSession {
  readonly #sessions: Pick<GroupSessions, 'find'>;
  readonly #groups: Pick<ConnectedGroups, 'find'>;
  readonly #customers: Pick<CustomerRepository, 'findByRobloxId'>;
  readonly #notifications: CustomerNotifications;
  readonly #posts: SessionPostQueue;

  constructor(deps: {
    sessions: Pick<GroupSessions, 'find'>;
    groups: Pick<ConnectedGroups, 'find'>;
    customers: Pick<CustomerRepository, 'findByRobloxId'>;
    notifications: CustomerNotifications;
    posts: SessionPostQueue;
  }) {
    this.#sessions = deps.sessions;
    this.#groups = deps.groups;
    this.#customers = deps.customers;
    this.#notifications = deps.notifications;
    this.#posts = deps.posts;
  }

  /** How many people were told; null when the session is no longer due at that start. */
  async execute(job: SessionReminderJob): Promise<number | null> {
    const [session, group] = await Promise.all([
      this.#sessions.find(job.groupId, job.sessionId),
      this.#groups.find(job.groupId),
    ]);
    if (!group || !stillDue(session, job.startsAt)) return null;
    let told = 0;
    for (const { person, part } of peopleOf(session)) {
      const customer = await this.#customers.findByRobloxId(person.userId);
      if (!customer?.isVerified) continue;
      await this.#notifications.notify(customer.id, {
        kind: 'session-reminder',
        title: `${session.title} starts soon`,
        message: `${session.type} session in ${group.name} at ${job.startsAt}, ${session.durationMinutes} minutes. ${part}`,
        dedupeKey: `session-reminder:${job.groupId}:${job.sessionId}:${job.startsAt}`,
      });
      told++;
    }
    await this.#posts.post({ ...job, post: 'reminder' });
    return told;
  }
}
