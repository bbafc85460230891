/** Ports of the workspace's weekly quotas and time off, and the per-member figures both read. */

export const QUOTA_KINDS = ['minutes-in-game', 'sessions-hosted', 'sessions-attended'] as const;
export const TIME_OFF_STATUSES = ['pending', 'approved', 'declined'] as const;

export type QuotaKind = (typeof QUOTA_KINDS)[number];

export interface Quota {
  name: string;
  kind: QuotaKind;
  /** Per week. */
  amount: number;
  /** Roblox rank numbers (0-255) the quota applies to. */
  rankIds: number[];
}

export interface StoredQuota extends Quota {
  id: number;
}

export interface GroupQuotas {
  list(groupId: string): Promise<StoredQuota[]>;
  /** Replaces the group's quotas with these, in this order, at once. */
  replace(groupId: string, quotas: Quota[]): Promise<StoredQuota[]>;
}

/** What one member did in a window, from the game's reports and the group's scheduled sessions. */
export interface MemberTotals {
  userId: string;
  username: string;
  rankId: number | null;
  rankName: string | null;
  minutes: number;
  sessionsHosted: number;
  sessionsAttended: number;
}

export interface MemberFigures {
  /**
   * Every member GroupFlow knows in the group, with their in-game minutes inside [from, to) (a session's part in
   * the window), sessions they hosted that started in it, and sessions they attended: in game at some point of a
   * session's window (its start plus `attendanceMs`).
   */
  memberTotals(
    groupId: string,
    window: { from: Date; to: Date },
    now: Date,
    capMs: number,
    attendanceMs: number,
  ): Promise<MemberTotals[]>;
}

/**
 * Why a member's quota row has no rank Roblox confirmed: `not-in-roster`, Roblox does not list them at a rank with a
 * quota (they left, or hold a rank without one); `roster-incomplete`, the roster was cut at its size limit before
 * they were reached; `roblox-unavailable`, Roblox could not be read (the row keeps the last rank GroupFlow stored).
 */
export const RANK_UNKNOWN_REASONS = ['not-in-roster', 'roster-incomplete', 'roblox-unavailable'] as const;
export type RankUnknownReason = (typeof RANK_UNKNOWN_REASONS)[number];

/** One member of a role as Roblox lists them; the name is null when Roblox withheld it. */
export interface RosterMember {
  userId: string;
  username: string | null;
}

export interface GroupRoster {
  /**
   * The members holding one role of the group as Roblox lists them, paged through up to `limit` (`more`: members
   * were left); an answer at most the memberships cache age old. Through Open Cloud with `apiKey` (the group's own
   * key) when given, otherwise the public groups API. Throws Unavailable or TooManyAttempts when Roblox cannot answer.
   */
  roleMembers(
    groupId: string,
    roleId: string,
    limit: number,
    apiKey: string | null,
  ): Promise<{ members: RosterMember[]; more: boolean }>;
}

export type TimeOffStatus = (typeof TIME_OFF_STATUSES)[number];

export interface TimeOff {
  id: number;
  groupId: string;
  robloxUserId: string;
  username: string;
  customerId: number;
  /** Local calendar days, both included. */
  startDate: string;
  endDate: string;
  reason: string;
  status: TimeOffStatus;
  note: string | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  createdAt: Date;
}

export interface TimeOffRequests {
  add(request: Omit<TimeOff, 'id' | 'status' | 'note' | 'decidedBy' | 'decidedAt' | 'createdAt'>): Promise<TimeOff>;
  /** Newest first; only the member's own when `robloxUserId` is given. */
  list(groupId: string, limit: number, robloxUserId?: string): Promise<TimeOff[]>;
  find(groupId: string, id: number): Promise<TimeOff | null>;
  /** Decides a pending request; null when it is not pending any more (decided meanwhile). */
  decide(
    groupId: string,
    id: number,
    decision: { status: 'approved' | 'declined'; note: string | null; decidedBy: string; decidedAt: Date },
  ): Promise<TimeOff | null>;
  /** Members with approved time off covering any day from `firstDay` to `lastDay`. */
  excusedBetween(groupId: string, firstDay: string, lastDay: string): Promise<Set<string>>;
}

export interface SessionPerson {
  userId: string;
  username: string;
}

/** A scheduled session (training, recruitment, meeting, patrol) with its host, co-host and sign-ups. */
export interface ScheduledSession {
  id: number;
  title: string;
  type: string;
  status: string;
  startsAt: Date;
  durationMinutes: number;
  slots: number;
  host: SessionPerson | null;
  coHost: SessionPerson | null;
  signups: SessionPerson[];
}

export type NewScheduledSession = Pick<ScheduledSession, 'title' | 'type' | 'startsAt' | 'durationMinutes' | 'slots'>;

export interface GroupSessions {
  add(groupId: string, session: NewScheduledSession, createdBy: number): Promise<ScheduledSession>;
  /** Sessions not yet over at `from` (cancelled ones left out), soonest first. */
  upcoming(groupId: string, from: Date, limit: number): Promise<ScheduledSession[]>;
  find(groupId: string, id: number): Promise<ScheduledSession | null>;
  setHost(groupId: string, id: number, role: 'host' | 'co-host', person: SessionPerson): Promise<ScheduledSession>;
  /** Takes a slot atomically (the session row is locked): `full` when every slot is taken. */
  signup(groupId: string, id: number, person: SessionPerson): Promise<'added' | 'already' | 'full' | 'missing'>;
}

export type FeedEntryType = 'training' | 'patrol' | 'promotion' | 'recruitment' | 'documentation';

/** One line of the workspace's activity feed, from sessions, rank changes and applications. */
export interface FeedEntry {
  id: string;
  type: FeedEntryType;
  title: string;
  detail: string;
  at: Date;
}

export interface ActivityFeed {
  /** Newest first. */
  latest(groupId: string, limit: number): Promise<FeedEntry[]>;
}

export interface WorkspaceDocument {
  id: number;
  title: string;
  type: string;
  /** Markdown, rendered by the screens without raw HTML. */
  body: string;
  /** Ranks that see it; empty: everyone with workspace access. */
  rankIds: number[];
  createdBy: string;
  createdAt: Date;
}

export interface GroupDocuments {
  add(groupId: string, document: Omit<WorkspaceDocument, 'id' | 'createdAt'>): Promise<WorkspaceDocument>;
  /** Newest first; with `rank`, only the documents that rank sees. */
  list(groupId: string, limit: number, rank?: number): Promise<WorkspaceDocument[]>;
}

export interface DailyActivity {
  /** YYYY-MM-DD (UTC). */
  day: string;
  minutes: number;
  activeMembers: number;
}

export interface AnalyticsFigures {
  /** Every UTC day from `from` to `to`, empty days included. */
  dailyActivity(groupId: string, from: Date, to: Date, now: Date, capMs: number): Promise<DailyActivity[]>;
}
