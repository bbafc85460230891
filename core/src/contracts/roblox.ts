import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { LIMITS } from './limits.ts';
import { isoDateTime as isoDate } from './wire.ts';
import { text } from './text.ts';
import {
  MANAGE_RANK,
  MANAGER_ROLE_NAMES,
  canManageWithRole,
  DEFAULT_THEME_COLOR,
  DEFAULT_HOME_WIDGETS,
  RANK_PERMISSION_KEYS,
  ACTIVITY_KEY_PREFIX_LENGTH,
  type RankPermissionKey,
} from '../roblox/groupPolicy.ts';

/** The group policy the screens show; it lives in core (core/src/roblox/groupPolicy.ts). */
export {
  MANAGE_RANK,
  MANAGER_ROLE_NAMES,
  canManageWithRole,
  DEFAULT_THEME_COLOR,
  DEFAULT_HOME_WIDGETS,
  RANK_PERMISSION_KEYS,
  ACTIVITY_KEY_PREFIX_LENGTH,
  type RankPermissionKey,
};

/** Spec 1 section 9: the dashboard's code has 8 characters, the workspace dialog's 6. */
export const VERIFICATION_CODE_LENGTHS = [6, 8] as const;
/** Spec 1 section 6's quick-add list of the Access Control panel. */
export const QUICK_ADD_ROLES = [
  'Owner',
  'Co-Owner',
  'Administrator',
  'Moderator',
  'Developer',
  'Head of Staff',
  'Staff Manager',
  'Senior Staff',
  'Staff',
  'Trainer',
  'Supervisor',
  'Security',
  'Member',
  'Guest',
];
export const APPLICATION_STATUSES = ['pending', 'under_review', 'accepted', 'rejected'] as const;
export const TRAINING_STATUSES = ['scheduled', 'upcoming', 'active', 'completed', 'cancelled'] as const;
export const TRAINING_TYPES = ['training', 'recruitment', 'meeting'] as const;

const robloxId = z
  .union([
    text()
      .trim()
      .regex(/^\d{1,19}$/, { message: 'Must be a Roblox id (digits)' }),
    z.number().int().positive(),
  ])
  .transform(String);
const groupIdParam = text().regex(/^\d{1,19}$/, { message: 'Invalid group ID format' });
const required = (max: number) => text().trim().min(1, { message: 'Required' }).max(max);

// ---- Linking and proof ----

/** POST /api/user/link-roblox: the spec gives both spellings, and both are accepted. */
export const linkRobloxSchema = z
  .object({ username: text().optional(), robloxUsername: text().optional() })
  .transform((body) => ({ username: (body.username ?? body.robloxUsername ?? '').trim() }))
  .pipe(z.object({ username: text().min(1, { message: 'Please enter a valid Roblox username.' }).max(LIMITS.name) }));

export const linkedAccountSchema = z.object({
  robloxUsername: text(),
  robloxId: text(),
  isVerified: z.boolean(),
  /** "Group: Role" for every group of the linked account. */
  currentRoles: z.array(text()),
});
export type LinkedAccount = z.infer<typeof linkedAccountSchema>;

export const verificationCodeRequestSchema = z.object({
  length: z.union([z.literal(6), z.literal(8)]).default(8),
});
export const verificationCodeSchema = z.object({ code: text(), expiresAt: isoDate });

/** The code the user says they put in their profile; checked against the issued one before Roblox is asked. */
export const verifyCodeSchema = z.object({ code: text().trim().max(16).optional() });
export const verifiedSchema = z.object({ isVerified: z.literal(true), robloxId: text(), robloxUsername: text() });

export const robloxProfileSchema = z.object({
  id: text(),
  username: text(),
  displayName: text(),
  profileImageUrl: text().nullable(),
});
export type RobloxProfile = z.infer<typeof robloxProfileSchema>;

export const userSearchQuerySchema = z.object({ keyword: text().trim().min(1).max(LIMITS.name) });
export const userSearchSchema = z.object({
  data: z.array(z.object({ id: text(), name: text(), displayName: text() })),
});
export type RobloxUserMatch = z.infer<typeof userSearchSchema>['data'][number];

// ---- Groups ----

/** The Add Roblox Group form (spec 1 section 2.11): the id is looked up by GET /api/roblox/group/:groupId. */
export const connectGroupFormSchema = z.object({
  groupId: text().trim().min(1, { message: 'Group ID is required' }).pipe(groupIdParam),
  groupName: text().trim().min(1, { message: 'Group name is required' }),
});

const roleSchema = z.object({ id: text(), name: text(), rank: z.number().int() });
const ownerSchema = z.object({ userId: text(), username: text(), displayName: text() }).nullable();

export const userGroupSchema = z.object({
  groupId: text(),
  name: text(),
  memberCount: z.number().int(),
  description: text(),
  owner: ownerSchema,
  role: roleSchema,
  hasAccess: z.boolean(),
  /** Already connected to GroupFlow (by anyone). */
  connected: z.boolean(),
});
export type UserGroup = z.infer<typeof userGroupSchema>;

export const groupInfoSchema = z.object({
  groupId: text(),
  name: text(),
  description: text(),
  memberCount: z.number().int(),
  owner: ownerSchema,
  publicEntryAllowed: z.boolean(),
  buildersClubMembersOnly: z.boolean(),
  hasVerifiedBadge: z.boolean(),
});

/** `rankId` is Roblox's 0-255 rank number (spec: "High Rank" from 100); `roleId` the role's own id. */
export const rankSchema = z.object({
  rankId: z.number().int(),
  rankName: text(),
  memberCount: z.number().int(),
  roleId: text(),
});
export type Rank = z.infer<typeof rankSchema>;

export const rankPermissionSchema = z.object({
  rankId: z.number().int().min(0).max(255),
  rankName: text().max(LIMITS.name).optional(),
  canAccessWorkspace: z.boolean().default(false),
  canRequestTimeoff: z.boolean().default(false),
  canViewModeration: z.boolean().default(false),
  canAssignHostSelf: z.boolean().default(false),
  canAssignHostOthers: z.boolean().default(false),
  canAssignCoHostSelf: z.boolean().default(false),
});
export type RankPermission = z.infer<typeof rankPermissionSchema>;

/** POST /api/roblox/groups (the add dialog) and /groups/connect (the rank dialog, with rankPermissions). */
export const connectGroupSchema = z.object({
  groupId: z
    .union([text().trim().min(1, { message: 'Please enter a valid Roblox Group ID.' }), z.number().int().positive()])
    .transform(String)
    .pipe(text().regex(/^\d{1,19}$/, { message: 'Invalid group ID format' })),
  activityTracking: z.boolean().default(true),
  autoRank: z.boolean().default(false),
  quotaSystem: z.boolean().default(false),
  rankPermissions: z.array(rankPermissionSchema).max(256).default([]),
});
export type ConnectGroupInput = z.infer<typeof connectGroupSchema>;

export const connectedRankSchema = rankSchema.omit({ roleId: true }).extend({
  permissions: z.record(text(), z.boolean()),
});

export const connectedGroupSchema = z.object({
  groupId: text(),
  name: text(),
  description: text(),
  memberCount: z.number().int(),
  owner: text().nullable(),
  ownerRobloxId: text().nullable(),
  ownerDisplayName: text().nullable(),
  roles: z.array(connectedRankSchema),
  activityTracking: z.boolean(),
  autoRank: z.boolean(),
  quotaSystem: z.boolean(),
  activityTrackingEnabled: z.boolean(),
  isVerified: z.boolean(),
  hasVerifiedBadge: z.boolean(),
  publicEntryAllowed: z.boolean(),
  buildersClubMembersOnly: z.boolean(),
  createdAt: isoDate,
});
export type ConnectedGroupWire = z.infer<typeof connectedGroupSchema>;
/** The answer to connecting: the group and its new activity key, shown this once (only its SHA-256 is stored). */
export const newlyConnectedGroupSchema = connectedGroupSchema.extend({ activityKey: text() });

/** Stands in for the key in the script shown when the key itself can no longer be read. */
export const ACTIVITY_KEY_PLACEHOLDER = 'PASTE-YOUR-ACTIVITY-KEY-HERE';

// ---- Workspace records ----

export const groupMemberSchema = z.object({
  userId: text(),
  username: text(),
  displayName: text().nullable(),
  rank: text().nullable(),
  rankId: z.number().int().nullable(),
  isTracked: z.boolean(),
  isOnline: z.boolean(),
  lastOnline: isoDate.nullable(),
});

/** One game (place) of the group: players seen, players in it now, and minutes played, from the reported sessions. */
export const activitySummarySchema = z.object({
  id: text(),
  gameName: text(),
  placeId: text().nullable(),
  playerCount: z.number().int(),
  activePlayers: z.number().int(),
  sessionCount: z.number().int(),
  sessionDuration: z.number().int(),
  lastActivityAt: isoDate,
});

export const activitySessionSchema = z.object({
  id: z.number().int(),
  sessionId: text(),
  userId: text(),
  username: text(),
  placeId: text().nullable(),
  startedAt: isoDate,
  endedAt: isoDate.nullable(),
  minutes: z.number().int(),
  closedBy: z.enum(['game', 'cap', 'superseded']).nullable(),
});

export const groupStatsSchema = z.object({
  totalMembers: z.number().int(),
  trackedMembers: z.number().int(),
  activeStaff: z.number().int(),
  sessionsToday: z.number().int(),
  minutesToday: z.number().int(),
  pendingApplications: z.number().int(),
  trainingSessions: z.number().int(),
  lastActivityAt: isoDate.nullable(),
});
export type GroupStats = z.infer<typeof groupStatsSchema>;

export const applicationSchema = z.object({
  id: z.number().int(),
  applicantName: text(),
  desiredRank: text(),
  status: text(),
  createdAt: isoDate,
});
export const newApplicationSchema = z.object({
  applicantName: required(LIMITS.name),
  desiredRank: required(LIMITS.name),
});
export const applicationStatusSchema = z.object({ status: z.enum(APPLICATION_STATUSES) });

export const trainingSessionSchema = z.object({
  id: z.number().int(),
  title: text(),
  hostName: text(),
  participantCount: z.number().int(),
  status: text(),
  type: text(),
  scheduledAt: isoDate.nullable(),
});
export const newTrainingSessionSchema = z.object({
  title: required(LIMITS.title),
  hostName: required(LIMITS.name),
  participantCount: z.number().int().min(0).max(1000).default(0),
  type: z.enum(TRAINING_TYPES).default('training'),
  scheduledAt: isoDate.optional(),
});
export type NewTrainingSession = z.infer<typeof newTrainingSessionSchema>;
export const trainingStatusSchema = z.object({ status: z.enum(TRAINING_STATUSES) });
/** The Schedule Session dialog: its date field is the browser's local date-time, sent as an ISO instant. */
export const scheduleSessionFormSchema = newTrainingSessionSchema.extend({
  scheduledAt: z
    .string()
    .transform((local) => {
      if (!local) return undefined;
      const at = new Date(local);
      // An unreadable date stays as typed, so the ISO check below reports it instead of throwing.
      return Number.isNaN(at.getTime()) ? local : at.toISOString();
    })
    .pipe(isoDate.optional()),
});

export const workspaceSettingsSchema = z.object({
  activityTracking: z.boolean(),
  /** Weekly quotas per rank are chased (GET .../quotas/progress marks who is behind). */
  quotaSystem: z.boolean(),
  autoPromotions: z.boolean(),
  /** Ranks the owner named who, besides the owner (255), turn auto promotion on and replace the keys. */
  automationRanks: z.array(z.number().int()),
  /** The reader may turn auto promotion on, replace the Open Cloud key and rotate the activity key. */
  canChangeAutomation: z.boolean(),
  /** The reader is the owner, who alone changes automationRanks. */
  canChooseAutomationRanks: z.boolean(),
  authorizedRoles: z.array(text()),
  themeColor: text(),
  homeWidgets: z.array(text()),
  /** Minutes before a scheduled session's start that the bot posts its reminder and its people are told; 0: none. */
  sessionReminderMinutes: z.number().int(),
  /** The first characters of the game servers' bearer key (only its SHA-256 is stored), and where they send events. */
  activityKeyPrefix: text(),
  /** The whole key, only in the answer that made it (a rotation): it cannot be read again. */
  activityKey: text().optional(),
  activityEndpoint: text(),
});
export type WorkspaceSettings = z.infer<typeof workspaceSettingsSchema>;

/** A reminder goes out at most a day before its session. */
const MAX_SESSION_REMINDER_MINUTES = 24 * 60;

/** A rank the owner may name: a member's rank below the owner's 255. */
const BELOW_OWNER = 'A rank of the group below the owner, 1 to 254';

export const updateWorkspaceSettingsSchema = z.object({
  activityTracking: z.boolean().optional(),
  quotaSystem: z.boolean().optional(),
  /** True only by the owner or the ranks they named; false by any manager. */
  autoPromotions: z.boolean().optional(),
  /** The owner's only: ranks below theirs that may also turn auto promotion on and replace the keys. */
  automationRanks: z
    .array(z.number().int().min(1, { message: BELOW_OWNER }).max(254, { message: BELOW_OWNER }))
    .max(254)
    .optional(),
  authorizedRoles: z.array(text().trim().min(1).max(LIMITS.name)).max(100).optional(),
  themeColor: text()
    .regex(/^#[0-9a-fA-F]{6}$/, { message: 'Use a colour like #5865f2' })
    .optional(),
  homeWidgets: z.array(text().trim().min(1).max(LIMITS.name)).max(20).optional(),
  sessionReminderMinutes: z
    .number()
    .int()
    .min(0, { message: '0 (no reminder) to 1440 minutes' })
    .max(MAX_SESSION_REMINDER_MINUTES, { message: '0 (no reminder) to 1440 minutes' })
    .optional(),
  /** True: a new activityKey replaces the old one at once (game servers need the new script); the answer shows it once. */
  rotateActivityKey: z.boolean().optional(),
});
export type WorkspaceSettingsUpdate = z.infer<typeof updateWorkspaceSettingsSchema>;
/** The Access Control panel's Add form: one of the group's role names (the panel offers only those). */
export const authorizedRoleFormSchema = z.object({ role: required(LIMITS.name) });

// ---- In-game activity ----

export const activityEventSchema = z.object({
  userId: robloxId,
  event: z.enum(['start', 'end']),
  sessionId: text().trim().min(1).max(64),
  placeId: robloxId.optional(),
  /** On an end: seconds of the stay the player was idle (not counted as minutes). */
  idleSeconds: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600)
    .optional(),
  /** The player's name as the game knows it; unknown members are listed by it. */
  username: text().trim().min(1).max(LIMITS.name).optional(),
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;

/**
 * What makes a report single-use: `eventId`, unique per report (a GUID), and `sentAt`, when the game server sent it.
 * A repeated eventId, or a sentAt too far from the server's clock, is refused with 409, so a captured report
 * cannot be replayed.
 */
const activityReportStamp = {
  eventId: text().trim().min(1).max(64),
  sentAt: isoDate,
};

// The stamp beside the union (not inside each branch), so a missing one is named in the 400's issues.
export const activityReportSchema = z.intersection(
  z.object(activityReportStamp),
  z.union([z.object({ events: z.array(activityEventSchema).min(1) }), activityEventSchema]),
);
export type ActivityReport = z.infer<typeof activityReportSchema>;

export const activityAcceptedSchema = z.object({
  accepted: z.number().int(),
  started: z.number().int(),
  ended: z.number().int(),
  /** Repeated starts, repeated or unknown ends: accepted and changing nothing. */
  ignored: z.number().int(),
});
export type ActivityAccepted = z.infer<typeof activityAcceptedSchema>;

export const groupIdParamsSchema = z.object({ groupId: groupIdParam });
export const recordIdParamsSchema = z.object({ groupId: groupIdParam, id: z.coerce.number().int().positive() });

const customer = 'customer' as const;

/** Every route of the Roblox area (spec 1 sections 2.10-2.14, 7). */
/** A Roblox user id in a path. */
export const robloxUserIdParamsSchema = z.object({
  userId: text().regex(/^\d{1,20}$/, { message: 'A Roblox user id (digits)' }),
});

export const robloxEndpoints = {
  linkRobloxAccount: endpoint({
    method: 'POST',
    path: '/api/user/link-roblox',
    summary:
      'Claims a Roblox account by exact username: a pending claim beside the current link, which changes only once the claim is proven',
    auth: customer,
    body: linkRobloxSchema,
    response: linkedAccountSchema,
  }),
  unlinkRobloxAccount: endpoint({
    method: 'DELETE',
    path: '/api/user/link-roblox',
    summary: 'Removes the linked Roblox account',
    auth: customer,
    response: z.object({ message: text() }),
  }),
  cancelRobloxClaim: endpoint({
    method: 'DELETE',
    path: '/api/user/roblox/claim',
    summary: 'Cancels the pending (unproven) Roblox account; the current link, its roles and groups stay',
    auth: customer,
    response: z.object({ message: text() }),
  }),
  issueVerificationCode: endpoint({
    method: 'POST',
    path: '/api/user/roblox/verification-code',
    summary:
      'A code to put in the Roblox profile description (8 characters, or 6), for the pending claim or else the current link',
    auth: customer,
    body: verificationCodeRequestSchema,
    response: verificationCodeSchema,
  }),
  verifyRobloxCode: endpoint({
    method: 'POST',
    path: '/api/user/roblox/verify-code',
    summary:
      'Reads the profile description; the code there proves ownership (limited per customer: ROBLOX_VERIFY_CODE_PER_HOUR, 429 with Retry-After beyond)',
    auth: customer,
    body: verifyCodeSchema,
    response: verifiedSchema,
  }),
  readRobloxProfile: endpoint({
    method: 'GET',
    path: '/api/roblox/user',
    summary: "The linked Roblox account's names and headshot",
    auth: customer,
    response: robloxProfileSchema,
  }),
  readRobloxHeadshot: endpoint({
    method: 'GET',
    path: '/api/roblox/users/:userId/headshot',
    summary:
      "A Roblox user's 48x48 headshot, fetched by the server (only from the Roblox image hosts, at most ROBLOX_IMAGE_MAX_BYTES) so the browser never calls Roblox; signed-in customers only",
    auth: customer,
    params: robloxUserIdParamsSchema,
    response: z.string(),
    image: 'image/png',
  }),
  searchRobloxUsers: endpoint({
    method: 'GET',
    path: '/api/roblox/users/search',
    summary:
      "Roblox's user search, for the add-account dialog (limited per customer: ROBLOX_USER_SEARCH_PER_MINUTE, 429 with Retry-After beyond)",
    auth: customer,
    query: userSearchQuerySchema,
    response: userSearchSchema,
  }),
  listUserGroups: endpoint({
    method: 'GET',
    path: '/api/roblox/user/groups',
    summary: "The linked account's groups, with the role held and whether it may manage",
    auth: customer,
    response: z.array(userGroupSchema),
  }),
  lookUpGroup: endpoint({
    method: 'GET',
    path: '/api/roblox/group/:groupId',
    summary: "A group's public facts (Add Group's lookup)",
    params: groupIdParamsSchema,
    auth: customer,
    response: groupInfoSchema,
  }),
  listGroupRanks: endpoint({
    method: 'GET',
    path: '/api/roblox/group/:groupId/ranks',
    summary: "A group's ranks",
    params: groupIdParamsSchema,
    auth: customer,
    response: z.array(rankSchema),
  }),
  connectGroup: endpoint({
    method: 'POST',
    path: '/api/roblox/groups',
    summary: 'Connects a group (add dialog); the answer shows the new activity key once',
    auth: customer,
    body: connectGroupSchema,
    response: newlyConnectedGroupSchema,
    successStatus: 201,
  }),
  connectGroupWithRanks: endpoint({
    method: 'POST',
    path: '/api/roblox/groups/connect',
    summary: 'Connects a group with per-rank permissions; the answer shows the new activity key once',
    auth: customer,
    body: connectGroupSchema,
    response: newlyConnectedGroupSchema,
    successStatus: 201,
  }),
  listConnectedGroups: endpoint({
    method: 'GET',
    path: '/api/roblox/groups',
    summary: 'Connected groups the user connected or may open',
    auth: customer,
    response: z.array(connectedGroupSchema),
  }),
  getConnectedGroup: endpoint({
    method: 'GET',
    path: '/api/roblox/groups/:groupId',
    summary: 'One connected group (workspace header)',
    params: groupIdParamsSchema,
    auth: customer,
    response: connectedGroupSchema,
  }),
  readGroupStats: endpoint({
    method: 'GET',
    path: '/api/roblox/groups/:groupId/stats',
    summary: 'Workspace figures computed from the records',
    params: groupIdParamsSchema,
    auth: customer,
    response: groupStatsSchema,
  }),
  listGroupMembers: endpoint({
    method: 'GET',
    path: '/api/roblox/groups/:groupId/members',
    summary: 'Members known to GroupFlow, Tracked once they report from the game',
    params: groupIdParamsSchema,
    auth: customer,
    response: z.array(groupMemberSchema),
  }),
  readGroupActivity: endpoint({
    method: 'GET',
    path: '/api/roblox/groups/:groupId/activity',
    summary: 'Per game: players, players now, minutes',
    params: groupIdParamsSchema,
    auth: customer,
    response: z.array(activitySummarySchema),
  }),
  listActivitySessions: endpoint({
    method: 'GET',
    path: '/api/roblox/groups/:groupId/activity/sessions',
    summary: 'Reported sessions, newest first',
    params: groupIdParamsSchema,
    auth: customer,
    response: z.array(activitySessionSchema),
  }),
  recordActivity: endpoint({
    method: 'POST',
    path: '/api/roblox/groups/:groupId/activity/sessions',
    summary:
      'Game servers report session starts and ends (Bearer activityKey); each report carries a unique eventId and its sentAt, and a repeated eventId or a sentAt more than ACTIVITY_REPORT_MAX_AGE_SECONDS off is refused with 409',
    params: groupIdParamsSchema,
    auth: 'activityKey',
    body: activityReportSchema,
    response: activityAcceptedSchema,
  }),
  listApplications: endpoint({
    method: 'GET',
    path: '/api/roblox/groups/:groupId/applications',
    summary: "The group's applications",
    params: groupIdParamsSchema,
    auth: customer,
    response: z.array(applicationSchema),
  }),
  createApplication: endpoint({
    method: 'POST',
    path: '/api/roblox/groups/:groupId/applications',
    summary: 'Records an application',
    params: groupIdParamsSchema,
    auth: customer,
    body: newApplicationSchema,
    response: applicationSchema,
    successStatus: 201,
  }),
  changeApplicationStatus: endpoint({
    method: 'PATCH',
    path: '/api/roblox/groups/:groupId/applications/:id',
    summary: "Changes an application's status",
    params: recordIdParamsSchema,
    auth: customer,
    body: applicationStatusSchema,
    response: applicationSchema,
  }),
  listTraining: endpoint({
    method: 'GET',
    path: '/api/roblox/groups/:groupId/training',
    summary: "The group's training sessions",
    params: groupIdParamsSchema,
    auth: customer,
    response: z.array(trainingSessionSchema),
  }),
  createTraining: endpoint({
    method: 'POST',
    path: '/api/roblox/groups/:groupId/training',
    summary: 'Schedules a training session',
    params: groupIdParamsSchema,
    auth: customer,
    body: newTrainingSessionSchema,
    response: trainingSessionSchema,
    successStatus: 201,
  }),
  changeTrainingStatus: endpoint({
    method: 'PATCH',
    path: '/api/roblox/groups/:groupId/training/:id',
    summary: "Changes a training session's status",
    params: recordIdParamsSchema,
    auth: customer,
    body: trainingStatusSchema,
    response: trainingSessionSchema,
  }),
  readWorkspaceSettings: endpoint({
    method: 'GET',
    path: '/api/roblox/groups/:groupId/settings',
    summary: "Workspace settings with the activity key's first characters",
    params: groupIdParamsSchema,
    auth: customer,
    response: workspaceSettingsSchema,
  }),
  updateWorkspaceSettings: endpoint({
    method: 'PUT',
    path: '/api/roblox/groups/:groupId/settings',
    summary:
      'Changes workspace settings; rotateActivityKey replaces the key and answers the new one once (it and turning autoPromotions on: the owner or the ranks they named; automationRanks: the owner)',
    params: groupIdParamsSchema,
    auth: customer,
    body: updateWorkspaceSettingsSchema,
    response: workspaceSettingsSchema,
  }),
};

/**
 * The Luau script a game runs (ServerScriptService, HTTP requests enabled) to report sessions: a start when a
 * player joins, an end when they leave, and every open session's end in one bulk call when the server shuts down.
 */
export function activityLuauScript(endpointUrl: string, activityKey: string): string {
  return `-- GroupFlow activity tracking. Put this Script in ServerScriptService and enable
-- Game Settings > Security > Allow HTTP Requests. Keep the key secret: rotate it in GroupFlow if it leaks.
local HttpService = game:GetService("HttpService")
local Players = game:GetService("Players")

local ENDPOINT = "${endpointUrl}"
local ACTIVITY_KEY = "${activityKey}"

local sessions = {}

-- Every report is single-use: a new eventId and the time it was sent, so a copied report cannot be replayed.
local function send(body)
\tbody.eventId = HttpService:GenerateGUID(false)
\tbody.sentAt = DateTime.now():ToIsoDate()
\tlocal ok, result = pcall(function()
\t\treturn HttpService:RequestAsync({
\t\t\tUrl = ENDPOINT,
\t\t\tMethod = "POST",
\t\t\tHeaders = { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. ACTIVITY_KEY },
\t\t\tBody = HttpService:JSONEncode(body),
\t\t})
\tend)
\tif not ok or not result.Success then
\t\twarn("GroupFlow activity report failed: " .. tostring(ok and result.StatusCode or result))
\tend
end

Players.PlayerAdded:Connect(function(player)
\tlocal sessionId = HttpService:GenerateGUID(false)
\tsessions[player.UserId] = sessionId
\tsend({ userId = player.UserId, username = player.Name, event = "start", sessionId = sessionId, placeId = game.PlaceId })
end)

Players.PlayerRemoving:Connect(function(player)
\tlocal sessionId = sessions[player.UserId]
\tif sessionId then
\t\tsessions[player.UserId] = nil
\t\tsend({ userId = player.UserId, event = "end", sessionId = sessionId, placeId = game.PlaceId })
\tend
end)

game:BindToClose(function()
\tlocal events = {}
\tfor userId, sessionId in pairs(sessions) do
\t\ttable.insert(events, { userId = userId, event = "end", sessionId = sessionId, placeId = game.PlaceId })
\tend
\tsessions = {}
\tif #events > 0 then
\t\tsend({ events = events })
\tend
end)
`;
}
