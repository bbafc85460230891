import type { ActivityEvent } from '../contracts/roblox.ts';

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
  /** Auto promotion rules per rank (core/src/roblox/autoPromote). */
  promotionRules?: unknown[];
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
  activityKey: string;
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

export interface ConnectedGroups {
  find(groupId: string): Promise<ConnectedGroup | null>;
  /** Stores the group, its ranks and the connecting member; Conflict when the group is connected already. */
  add(group: Omit<ConnectedGroup, 'createdAt'>, connector: NewGroupMember): Promise<ConnectedGroup>;
  /** Groups connected by the customer, or among `groupIds`; oldest first. */
  listFor(customerId: number, groupIds: string[]): Promise<ConnectedGroup[]>;
  update(
    groupId: string,
    changes: Partial<
      Pick<ConnectedGroup, 'activityTracking' | 'quotaSystem' | 'autoRank' | 'settings' | 'activityKey'>
    >,
  ): Promise<ConnectedGroup>;
  /** Groups with auto promotion on (connected with autoRank, or turned on in the settings). */
  withAutoPromotion(): Promise<string[]>;
  /** The key the group's game servers must present, and whether tracking is on; null for an unknown group. */
  activityKeyOf(groupId: string): Promise<{ activityKey: string; activityTracking: boolean } | null>;
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
  /** Starts (a repeated sessionId changes nothing; a player's other open session is closed), idempotent ends, and members marked Tracked. */
  record(
    groupId: string,
    events: ActivityEvent[],
    now: Date,
  ): Promise<{ started: number; ended: number; ignored: number }>;
  summary(groupId: string, now: Date, capMs: number, limit: number): Promise<ActivitySummary[]>;
  sessions(groupId: string, now: Date, capMs: number, limit: number): Promise<ActivitySessionEntry[]>;
  figures(groupId: string, now: Date, capMs: number, dayStart: Date): Promise<ActivityFigures>;
}

export interface VerificationCodes {
  put(entry: { customerId: number; robloxId: string; code: string; expiresAt: Date }): Promise<void>;
  find(customerId: number): Promise<{ robloxId: string; code: string; expiresAt: Date } | null>;
  remove(customerId: number): Promise<void>;
}

export interface RandomStrings {
  /** Uppercase letters and digits. */
  code(length: number): string;
  /** A long unguessable key for game servers. */
  activityKey(): string;
}
