/**
 * How a scheduled session reaches people outside the workspace: the bot posts it to the sessions channel of every
 * Discord server bound to the group, and before it starts the members in it are reminded. Both travel as jobs, so
 * the API process that schedules a session and the bot process that posts never call each other.
 */

/** What a post says: a new session, a changed one (a host or co-host seated), or the reminder before the start. */
export type SessionPostKind = 'scheduled' | 'updated' | 'reminder';

export interface SessionPostJob {
  groupId: string;
  sessionId: number;
  post: SessionPostKind;
  /** The start the post is about (ISO 8601); a post for a start the session no longer has is dropped. */
  startsAt: string;
}

export interface SessionReminderJob {
  groupId: string;
  sessionId: number;
  /** The start the reminder is for (ISO 8601): a session moved or cancelled since makes the job do nothing. */
  startsAt: string;
}

/** Posts for the bot to make in the bound servers' sessions channels. */
export interface SessionPostQueue {
  post(job: SessionPostJob): Promise<void>;
}

/** Reminders run at a set time; one reminder per session and start however often it is asked for. */
export interface SessionReminderQueue {
  remindAt(job: SessionReminderJob, at: Date): Promise<void>;
}

/** The sessions channels (ids) of the Discord servers bound to a Roblox group. */
export interface SessionChannels {
  of(groupId: string): Promise<string[]>;
}

/** Minutes before a session's start that its reminder goes out when a group has not chosen (workspace settings). */
export const DEFAULT_SESSION_REMINDER_MINUTES = 15;
