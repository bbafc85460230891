import type { GroupSessions, ScheduledSession, SessionPerson } from '../workspacePorts.ts';
import type {
  SessionChannels,
  SessionPostJob,
  SessionPostQueue,
  SessionReminderJob,
  SessionReminderQueue,
} from '../sessionNoticePorts.ts';

export class InMemorySessions implements GroupSessions {
  rows: ScheduledSession[] = [];
  async add(_groupId: string, session: Parameters<GroupSessions['add']>[1], _createdBy?: number) {
    const row = { ...session, id: this.rows.length + 1, status: 'scheduled', host: null, coHost: null, signups: [] };
    this.rows.push(row);
    return row;
  }
  async upcoming(_groupId: string, from: Date) {
    return this.rows.filter((row) => row.startsAt >= from);
  }
  async find(_groupId: string, id: number) {
    return this.rows.find((row) => row.id === id) ?? null;
  }
  async setHost(_groupId: string, id: number, role: 'host' | 'co-host', person: SessionPerson) {
    const row = this.rows.find((candidate) => candidate.id === id)!;
    if (role === 'host') row.host = person;
    else row.coHost = person;
    return row;
  }
  async signup(_groupId: string, id: number, person: SessionPerson) {
    const row = this.rows.find((candidate) => candidate.id === id);
    if (!row) return 'missing' as const;
    if (row.signups.some((signup) => signup.userId === person.userId)) return 'already' as const;
    if (row.signups.length >= row.slots) return 'full' as const;
    row.signups.push(person);
    return 'added' as const;
  }
}

/** The posts and reminders queued, in order. */
export class RecordingSessionNotices implements SessionPostQueue, SessionReminderQueue {
  readonly posts: SessionPostJob[] = [];
  readonly reminders: { job: SessionReminderJob; at: Date }[] = [];
  async post(job: SessionPostJob) {
    this.posts.push(job);
  }
  async remindAt(job: SessionReminderJob, at: Date) {
    this.reminders.push({ job, at });
  }
}

/** Sessions channels per group. */
export class InMemorySessionChannels implements SessionChannels {
  readonly channels = new Map<string, string[]>();
  async of(groupId: string) {
    return this.channels.get(groupId) ?? [];
  }
}
