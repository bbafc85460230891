/** One player's start or end of a stay in a game server, as the game reports it. */
export interface ActivityEvent {
  userId: string;
  event: 'start' | 'end';
  sessionId: string;
  placeId?: string | undefined;
  /** On an end: seconds of the stay the player was idle (not counted as minutes). */
  idleSeconds?: number | undefined;
  /** The player's name as the game knows it; unknown members are listed by it. */
  username?: string | undefined;
}

/** The answer to a report: repeated starts, repeated or unknown ends are accepted and ignored. */
export interface ActivityAccepted {
  accepted: number;
  started: number;
  ended: number;
  ignored: number;
}

/**
 * Ports of the Roblox area's own records: connected groups, their workspace records and the in-game sessions
 * the group's game servers report.
 */

export interface ConnectedRank {
  rankId: number;
  rankName: string;
  memberCount: number;
  permissions: Record<string, boolean>;
}

export interface StoredWorkspaceSettings {
  autoPromotions: boolean;
  authorizedRoles: string[];
  themeColor: string;
  homeWidgets: string[];
  /** Minutes before a scheduled session's start that its reminder goes out; 0: no reminder. */
  sessionReminderMinutes?: number;
  /** Auto promotion rules per rank (core/src/roblox/autoPromote). */
  promotionRules?: unknown[];
  /** Ranks the owner lets turn automatic promotion on and replace the Open Cloud or activity key, besides 255. */
  automationRanks?: number[];
}

export interface ConnectedGroup {
  groupId: string;
  name: string;
  description: string;
  memberCount: number;
  ownerUserId: string | null;
  ownerName: string | null;
  ownerDisplayName: string | null;
  isVerified: boolean;
  hasVerifiedBadge: boolean;
  publicEntryAllowed: boolean;
  buildersClubMembersOnly: boolean;
  activityTracking: boolean;
  autoRank: boolean;
  quotaSystem: boolean;
  settings: StoredWorkspaceSettings;
  /** The first characters of the game servers' key; the key itself is stored only as its SHA-256. */
  activityKeyPrefix: string;
  connectedBy: number | null;
  createdAt: Date;
  ranks: ConnectedRank[];
}

export interface GroupMemberEntry {
  userId: string;
  username: string;
  displayName: string | null;
  rankId: number | null;
  rankName: string | null;
  isTracked: boolean;
  isOnline: boolean;
  lastOnline: Date | null;
}

export type NewGroupMember = Pick<GroupMemberEntry, 'userId' | 'username' | 'displayName' | 'rankId' | 'rankName'>;

/** A group to connect with its new activity key, which the store keeps only as its SHA-256 and first characters. */
export type NewConnectedGroup = Omit<ConnectedGroup, 'createdAt' | 'activityKeyPrefix'> & { activityKey: string };

export interface ConnectedGroups {
  find(groupId: string): Promise<ConnectedGroup | null>;
  /** Stores the group, its ranks and the connecting member; Conflict when the group is connected already. */
  add(group: NewConnectedGroup, connector: NewGroupMember): Promise<ConnectedGroup>;
  /** Groups connected by the customer, or among `groupIds`; oldest first. */
  listFor(customerId: number, groupIds: string[]): Promise<ConnectedGroup[]>;
  /** `activityKey`: a new key replacing the old one at once (stored hashed, like at connection). */
  update(
    groupId: string,
    changes: Partial<Pick<ConnectedGroup, 'activityTracking' | 'quotaSystem' | 'autoRank' | 'settings'>> & {
      activityKey?: string;
    },
  ): Promise<ConnectedGroup>;
  /**
   * Whether tracking is on for the group whose activity key `presentedKey` is; null for an unknown group and for
   * any other key alike (compared by SHA-256, so nothing readable is stored).
   */
  activityKeyHolder(groupId: string, presentedKey: string): Promise<{ activityTracking: boolean } | null>;
  /** Groups with auto promotion on (connected with autoRank, or turned on in the settings). */
  withAutoPromotion(): Promise<string[]>;
  /** Ids of the groups with the quota system on. */
  withQuotaSystem(): Promise<string[]>;
}

export interface Application {
  id: number;
  applicantName: string;
  desiredRank: string;
  status: string;
  createdAt: Date;
}

export interface TrainingSession {
  id: number;
  title: string;
  hostName: string;
  participantCount: number;
  status: string;
  type: string;
  scheduledAt: Date | null;
}

export interface GroupRecords {
  members(groupId: string, limit: number): Promise<GroupMemberEntry[]>;
  applications(groupId: string, limit: number): Promise<Application[]>;
  addApplication(
    groupId: string,
    input: Pick<Application, 'applicantName' | 'desiredRank'>,
    createdBy: number,
  ): Promise<Application>;
  /** Null when the group has no such application. */
  setApplicationStatus(groupId: string, id: number, status: string): Promise<Application | null>;
  findApplication(groupId: string, id: number): Promise<Application | null>;
  /** Records a review of an application not yet accepted or rejected; null when it was reviewed meanwhile. */
  reviewApplication(
    groupId: string,
    id: number,
    review: { status: 'accepted' | 'rejected'; note: string | null; reviewedBy: string; reviewedAt: Date },
  ): Promise<(Application & { reviewNote: string | null; reviewedBy: string | null }) | null>;
  training(groupId: string, limit: number): Promise<TrainingSession[]>;
  addTraining(
    groupId: string,
    input: Omit<TrainingSession, 'id' | 'status'>,
    createdBy: number,
  ): Promise<TrainingSession>;
  setTrainingStatus(groupId: string, id: number, status: string): Promise<TrainingSession | null>;
  counts(groupId: string): Promise<{ members: number; pendingApplications: number; trainingSessions: number }>;
  /** After a rank change: the member's row (when GroupFlow knows them) shows the new rank. */
  setMemberRank(groupId: string, userId: string, rankId: number, rankName: string): Promise<void>;
}

export interface ActivitySummary {
  placeId: string | null;
  playerCount: number;
  activePlayers: number;
  sessionCount: number;
  minutes: number;
  lastActivityAt: Date;
}

export interface ActivitySessionEntry {
  id: number;
  sessionId: string;
  userId: string;
  username: string;
  placeId: string | null;
  startedAt: Date;
  endedAt: Date | null;
  minutes: number;
  closedBy: 'game' | 'cap' | 'superseded' | null;
}

export interface ActivityFigures {
  trackedMembers: number;
  /** Players with a session open now. */
  activeStaff: number;
  sessionsToday: number;
  minutesToday: number;
  lastActivityAt: Date | null;
}

/**
 * The reported sessions. Every read first closes the group's sessions left open longer than `capMs` at
 * start + cap, so a lost end never counts forever.
 */
export interface ActivityLedger {
  /**
   * Starts (a repeated sessionId changes nothing; a player's other open session is closed), idempotent ends, and
   * members marked Tracked. Writes a report once: null, writing nothing, when its eventId was already received and
   * is still kept (see ActivityReceipt); the receipt and the events are one transaction. The contract in full:
   * testing/activityLedgerContract.ts.
   */
  record(
    groupId: string,
    events: ActivityEvent[],
    now: Date,
    receipt: ActivityReceipt,
  ): Promise<{ started: number; ended: number; ignored: number } | null>;
  summary(groupId: string, now: Date, capMs: number, limit: number): Promise<ActivitySummary[]>;
  sessions(groupId: string, now: Date, capMs: number, limit: number): Promise<ActivitySessionEntry[]>;
  figures(groupId: string, now: Date, capMs: number, dayStart: Date): Promise<ActivityFigures>;
}

/**
 * A report's single-use stamp: its eventId is refused again until `keepUntil` (the first instant its sentAt is too
 * old to be accepted anyway), after which the store forgets it by itself.
 */
export interface ActivityReceipt {
  eventId: string;
  keepUntil: Date;
}

export interface VerificationCodes {
  put(entry: { customerId: number; robloxId: string; code: string; expiresAt: Date }): Promise<void>;
  find(customerId: number): Promise<{ robloxId: string; code: string; expiresAt: Date } | null>;
  remove(customerId: number): Promise<void>;
}

/**
 * A Roblox account a customer typed but has not proven. It waits beside the current (proven) link, which it never
 * changes, until a profile code or Roblox sign-in proves it, or it is cancelled or expires.
 */
export interface PendingClaim {
  customerId: number;
  robloxId: string;
  robloxUsername: string;
  expiresAt: Date;
}

export interface PendingClaims {
  /** The customer's claim, unless it expired by `now`. */
  find(customerId: number, now: Date): Promise<PendingClaim | null>;
  /** Replaces the customer's claim. */
  put(claim: PendingClaim): Promise<void>;
  /** Removes the customer's claim (cancel); nothing else. */
  remove(customerId: number): Promise<void>;
  /** Removes every customer's claim on that Roblox account: it has just been proven by someone. */
  releaseAccount(robloxId: string): Promise<void>;
}

export interface RandomStrings {
  /** Uppercase letters and digits. */
  code(length: number): string;
  /** A long unguessable key for game servers. */
  activityKey(): string;
}
