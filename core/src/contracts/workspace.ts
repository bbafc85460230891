import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { LIMITS } from './limits.ts';
import { text } from './text.ts';
import { isoDateTime as isoDate } from './wire.ts';
import { groupIdParamsSchema } from './roblox.ts';
import { QUOTA_KINDS, RANK_UNKNOWN_REASONS, TIME_OFF_STATUSES } from '../roblox/workspacePorts.ts';

export { QUOTA_KINDS, RANK_UNKNOWN_REASONS, TIME_OFF_STATUSES };

/**
 * The group workspace run by group staff (issue 25): ranking through Roblox Open Cloud with its audit trail,
 * weekly quotas, time off, and the signed-in customer's notifications.
 */

const required = (max: number) => text().trim().min(1, { message: 'Required' }).max(max);
const customer = 'customer' as const;

// ---- Open Cloud key and ranking ----

/** The key as Roblox's Creator Dashboard shows it: one long token, no spaces. */
export const openCloudKeyBodySchema = z.object({
  apiKey: text()
    .trim()
    .min(20, { message: 'Paste the whole Open Cloud API key' })
    .max(2048)
    .regex(/^\S+$/, { message: 'An API key has no spaces' }),
});

/**
 * Never the key: whether one is set, what Open Cloud said it may do when it was saved, and its lifetime: the expiry
 * set in Roblox, its last successful use, when Roblox stops accepting it, and whether Roblox refused it.
 */
export const openCloudKeyStatusSchema = z.object({
  set: z.boolean(),
  permissions: z.array(text()),
  savedAt: isoDate.nullable(),
  expiresAt: isoDate.nullable(),
  lastUsedAt: isoDate.nullable(),
  lapsesAt: isoDate.nullable(),
  refusedAt: isoDate.nullable(),
});

export const memberRankParamsSchema = groupIdParamsSchema.extend({
  userId: text().regex(/^\d{1,20}$/, { message: 'A Roblox user id (digits)' }),
});

export const rankChangeBodySchema = z.object({
  /** Roblox's 0-255 rank number of the role to give. */
  rankId: z.number({ message: 'Choose a rank' }).int().min(1, { message: 'Guests (rank 0) are not members' }).max(255),
  reason: required(LIMITS.reason),
});

export const RANK_CHANGE_SOURCES = ['manual', 'auto', 'application'] as const;

export const rankChangeSchema = z.object({
  id: z.number().int(),
  groupId: text(),
  actorName: text(),
  actorRobloxId: text().nullable(),
  targetUserId: text(),
  targetName: text(),
  fromRank: z.number().int().nullable(),
  fromRoleName: text().nullable(),
  toRank: z.number().int(),
  toRoleName: text(),
  reason: text(),
  source: z.enum(RANK_CHANGE_SOURCES),
  result: z.enum(['succeeded', 'failed', 'skipped']),
  error: text().nullable(),
  createdAt: isoDate,
});
export type RankChangeWire = z.infer<typeof rankChangeSchema>;

// ---- Notifications ----

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum([
    'time-off-requested',
    'time-off-decided',
    'session-reminder',
    'application-received',
    'quota-behind',
    'rank-changed',
    'automation-changed',
    'promotion-rule-suspended',
    'open-cloud-key',
  ]),
  title: text(),
  message: text(),
  isRead: z.boolean(),
  createdAt: isoDate,
});
export const markNotificationsReadSchema = z.object({ ids: z.array(z.number().int().positive()).min(1).max(200) });

export const workspaceEndpoints = {
  readOpenCloudKey: endpoint({
    method: 'GET',
    path: '/api/roblox/groups/:groupId/open-cloud-key',
    summary: "Whether the group's Open Cloud key is set and its permissions (never the key)",
    params: groupIdParamsSchema,
    auth: customer,
    response: openCloudKeyStatusSchema,
  }),
  saveOpenCloudKey: endpoint({
    method: 'PUT',
    path: '/api/roblox/groups/:groupId/open-cloud-key',
    summary:
      "Stores the group's Open Cloud key after Open Cloud accepted it for the group (encrypted at rest); the owner or the ranks they named",
    params: groupIdParamsSchema,
    auth: customer,
    body: openCloudKeyBodySchema,
    response: openCloudKeyStatusSchema,
  }),
  changeMemberRank: endpoint({
    method: 'POST',
    path: '/api/roblox/groups/:groupId/members/:userId/rank',
    summary: "Promotes, demotes or sets a member's rank through Open Cloud (below the manager's own rank), audited",
    params: memberRankParamsSchema,
    auth: customer,
    body: rankChangeBodySchema,
    response: rankChangeSchema,
  }),
  readRankAudit: endpoint({
    method: 'GET',
    path: '/api/roblox/groups/:groupId/audit',
    summary: 'Every rank change of the group, newest first: who, whom, from, to, why, when, result',
    params: groupIdParamsSchema,
    auth: customer,
    response: z.array(rankChangeSchema),
  }),
  listNotifications: endpoint({
    method: 'GET',
    path: '/api/notifications',
    summary: "The signed-in customer's notifications, newest first, with read state",
    auth: customer,
    response: z.array(notificationSchema),
  }),
  markNotificationsRead: endpoint({
    method: 'POST',
    path: '/api/notifications/read',
    summary: "Marks some of the signed-in customer's notifications read",
    auth: customer,
    body: markNotificationsReadSchema,
    response: z.array(notificationSchema),
  }),
};

// ---- Quotas, auto promotion and time off ----

const rankNumber = z.number().int().min(0).max(255);
const MAX_QUOTAS = 50;
const MAX_WEEKLY_AMOUNT = 100_000;

export const quotaSchema = z.object({
  name: required(LIMITS.name),
  kind: z.enum(QUOTA_KINDS),
  /** Per week: minutes, or sessions. */
  amount: z.number().int().min(1).max(MAX_WEEKLY_AMOUNT),
  rankIds: z.array(rankNumber).min(1, { message: 'Choose at least one rank' }).max(256),
});
/** PUT /quotas: the whole list, as an array or as `{ quotas }`. */
export const quotasBodySchema = z
  .union([z.array(quotaSchema), z.object({ quotas: z.array(quotaSchema) })])
  .transform((body) => (Array.isArray(body) ? body : body.quotas))
  .pipe(z.array(quotaSchema).max(MAX_QUOTAS));
export const storedQuotaSchema = quotaSchema.extend({ id: z.number().int() });

const calendarDay = text().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'A date as YYYY-MM-DD' });
export const quotaProgressQuerySchema = z.object({ week: calendarDay.optional() });

export const quotaProgressSchema = z.object({
  /** The quota system toggle of the group: off, progress is shown but nobody is chased. */
  enabled: z.boolean(),
  week: z.object({ start: isoDate, end: isoDate, firstDay: text(), lastDay: text() }),
  quotas: z.array(storedQuotaSchema),
  /** False when Roblox's roster could not be read, or was cut at QUOTA_PROGRESS_MAX_MEMBERS: members may be missing. */
  rosterComplete: z.boolean(),
  members: z.array(
    z.object({
      userId: text(),
      username: text(),
      rankId: z.number().int().nullable(),
      rankName: text().nullable(),
      /** Null: the rank is Roblox's current one. Otherwise why Roblox did not confirm it (never chased then). */
      rankUnknown: z.enum(RANK_UNKNOWN_REASONS).nullable(),
      /** On approved time off during the week: not behind, whatever the figures. */
      excused: z.boolean(),
      /** Short of a quota while the quota system is on and not excused. */
      behind: z.boolean(),
      progress: z.array(
        z.object({
          quotaId: z.number().int(),
          name: text(),
          kind: z.enum(QUOTA_KINDS),
          amount: z.number().int(),
          value: z.number().int(),
          percent: z.number().int(),
          met: z.boolean(),
        }),
      ),
    }),
  ),
});
export type QuotaProgressWire = z.infer<typeof quotaProgressSchema>;

const promotionRuleTerms = z.object({
  fromRank: rankNumber,
  toRank: rankNumber,
  /** In-game minutes within the window. */
  minutes: z.number().int().min(0).max(MAX_WEEKLY_AMOUNT),
  sessionsAttended: z.number().int().min(0).max(1000),
  windowDays: z.number().int().min(1).max(90),
});
/** A rule as saved: the saver is the caller, recorded by the server. */
export const promotionRuleSchema = promotionRuleTerms
  .refine((rule) => rule.toRank > rule.fromRank, { message: 'A promotion goes to a higher rank', path: ['toRank'] })
  // Without either, a rule would promote everyone at its rank at once, active or not.
  .refine((rule) => rule.minutes > 0 || rule.sessionsAttended > 0, {
    message: 'A rule needs some minutes or some sessions attended',
    path: ['minutes'],
  });
/** A rule as stored: who saved it and their rank then, and why the job suspended it (null while it applies). */
export const storedPromotionRuleSchema = promotionRuleTerms.extend({
  savedBy: text().nullable(),
  savedByRank: z.number().int().nullable(),
  suspended: text().nullable(),
});
export type StoredPromotionRuleWire = z.infer<typeof storedPromotionRuleSchema>;
export const promotionRulesBodySchema = z
  .array(promotionRuleSchema)
  .max(50)
  .refine((rules) => new Set(rules.map((rule) => rule.fromRank)).size === rules.length, {
    message: 'One rule per rank',
  });
export const promotionCandidateSchema = z.object({
  userId: text(),
  username: text(),
  fromRank: z.number().int(),
  toRank: z.number().int(),
  minutes: z.number().int(),
  sessionsAttended: z.number().int(),
});

export const timeOffBodySchema = z
  .object({ startDate: calendarDay, endDate: calendarDay, reason: required(LIMITS.reason) })
  .refine((body) => body.endDate >= body.startDate, { message: 'The end is before the start', path: ['endDate'] });
export const timeOffDecisionSchema = z.object({
  status: z.enum(['approved', 'declined']),
  note: text().trim().max(LIMITS.reason).optional(),
});
export const timeOffSchema = z.object({
  id: z.number().int(),
  robloxUserId: text(),
  username: text(),
  startDate: text(),
  endDate: text(),
  reason: text(),
  status: z.enum(TIME_OFF_STATUSES),
  note: text().nullable(),
  decidedBy: text().nullable(),
  decidedAt: isoDate.nullable(),
  createdAt: isoDate,
});
export const timeOffParamsSchema = groupIdParamsSchema.extend({ id: z.coerce.number().int().positive() });

export const workspaceQuotaEndpoints = {
  listQuotas: endpoint({
    method: 'GET',
    path: '/api/roblox/groups/:groupId/quotas',
    summary: "The group's weekly quotas per rank",
    params: groupIdParamsSchema,
    auth: customer,
    response: z.array(storedQuotaSchema),
  }),
  replaceQuotas: endpoint({
    method: 'PUT',
    path: '/api/roblox/groups/:groupId/quotas',
    summary: "Replaces the group's quotas (managers)",
    params: groupIdParamsSchema,
    auth: customer,
    body: quotasBodySchema,
    response: z.array(storedQuotaSchema),
  }),
  readQuotaProgress: endpoint({
    method: 'GET',
    path: '/api/roblox/groups/:groupId/quotas/progress',
    summary: "Each member's progress this week (or the week holding ?week=YYYY-MM-DD); members see their own",
    params: groupIdParamsSchema,
    query: quotaProgressQuerySchema,
    auth: customer,
    response: quotaProgressSchema,
  }),
  readPromotionRules: endpoint({
    method: 'GET',
    path: '/api/roblox/groups/:groupId/promotion-rules',
    summary: 'Auto promotion rules per rank, with who saved each and their rank then',
    params: groupIdParamsSchema,
    auth: customer,
    response: z.array(storedPromotionRuleSchema),
  }),
  replacePromotionRules: endpoint({
    method: 'PUT',
    path: '/api/roblox/groups/:groupId/promotion-rules',
    summary: "Replaces the auto promotion rules (managers; a new or changed rule's toRank below the saver's own)",
    params: groupIdParamsSchema,
    auth: customer,
    body: promotionRulesBodySchema,
    response: z.array(storedPromotionRuleSchema),
  }),
  previewPromotions: endpoint({
    method: 'GET',
    path: '/api/roblox/groups/:groupId/promotion-rules/preview',
    summary: 'Dry run: who the auto promotion job would promote now, changing nothing',
    params: groupIdParamsSchema,
    auth: customer,
    response: z.array(promotionCandidateSchema),
  }),
  requestTimeOff: endpoint({
    method: 'POST',
    path: '/api/roblox/groups/:groupId/time-off',
    summary: 'Files a time-off request (ranks granted "request time off")',
    params: groupIdParamsSchema,
    auth: customer,
    body: timeOffBodySchema,
    response: timeOffSchema,
    successStatus: 201,
  }),
  listTimeOff: endpoint({
    method: 'GET',
    path: '/api/roblox/groups/:groupId/time-off',
    summary: "Time-off requests: all of them for managers, a member's own otherwise",
    params: groupIdParamsSchema,
    auth: customer,
    response: z.array(timeOffSchema),
  }),
  decideTimeOff: endpoint({
    method: 'PATCH',
    path: '/api/roblox/groups/:groupId/time-off/:id',
    summary: 'Approves or declines a pending request with a note (managers); the member is notified',
    params: timeOffParamsSchema,
    auth: customer,
    body: timeOffDecisionSchema,
    response: timeOffSchema,
  }),
};

// ---- Scheduled sessions ----

export const SESSION_TYPES = ['training', 'recruitment', 'meeting', 'patrol'] as const;
const MAX_SESSION_MINUTES = 24 * 60;
const MAX_SLOTS = 500;

export const newSessionSchema = z.object({
  title: required(LIMITS.title),
  type: z.enum(SESSION_TYPES).default('training'),
  startsAt: isoDate,
  durationMinutes: z.number().int().min(5).max(MAX_SESSION_MINUTES).default(60),
  slots: z.number().int().min(1).max(MAX_SLOTS).default(10),
});
/** The Schedule form: the browser's local date-time, sent as an ISO instant. */
export const newSessionFormSchema = newSessionSchema.extend({
  startsAt: z
    .string()
    .min(1, { message: 'Required' })
    .transform((local) => {
      const at = new Date(local);
      return Number.isNaN(at.getTime()) ? local : at.toISOString();
    })
    .pipe(isoDate),
});
const personSchema = z.object({ userId: text(), username: text() });
export const sessionSchema = z.object({
  id: z.number().int(),
  title: text(),
  type: text(),
  status: text(),
  startsAt: isoDate,
  durationMinutes: z.number().int(),
  slots: z.number().int(),
  host: personSchema.nullable(),
  coHost: personSchema.nullable(),
  signups: z.array(personSchema),
});
export const sessionHostBodySchema = z.object({
  role: z.enum(['host', 'co-host']).default('host'),
  /** Someone else's Roblox id (needs "assign host to others"); absent, the caller takes the seat. */
  userId: text()
    .regex(/^\d{1,20}$/, { message: 'A Roblox user id (digits)' })
    .optional(),
});
export const sessionParamsSchema = groupIdParamsSchema.extend({ id: z.coerce.number().int().positive() });

export const workspaceSessionEndpoints = {
  scheduleSession: endpoint({
    method: 'POST',
    path: '/api/roblox/groups/:groupId/sessions',
    summary: 'Schedules a session (ranks that may self-host, managers)',
    params: groupIdParamsSchema,
    auth: customer,
    body: newSessionSchema,
    response: sessionSchema,
    successStatus: 201,
  }),
  listSessions: endpoint({
    method: 'GET',
    path: '/api/roblox/groups/:groupId/sessions',
    summary: 'Upcoming sessions (and those started in the last day), soonest first, with hosts and sign-ups',
    params: groupIdParamsSchema,
    auth: customer,
    response: z.array(sessionSchema),
  }),
  assignSessionHost: endpoint({
    method: 'POST',
    path: '/api/roblox/groups/:groupId/sessions/:id/host',
    summary: 'Claims the host (or co-host) seat, or puts someone else in it, as the rank permissions allow',
    params: sessionParamsSchema,
    auth: customer,
    body: sessionHostBodySchema,
    response: sessionSchema,
  }),
  signUpForSession: endpoint({
    method: 'POST',
    path: '/api/roblox/groups/:groupId/sessions/:id/signup',
    summary: 'Takes a slot of the session (409 when full; signing up twice changes nothing)',
    params: sessionParamsSchema,
    auth: customer,
    response: sessionSchema,
  }),
};

// ---- Application review ----

export const applicationReviewBodySchema = z.object({
  decision: z.enum(['accepted', 'rejected']),
  note: text().trim().max(LIMITS.reason).optional(),
  /** On acceptance: the applicant's Roblox id and the rank to give them through Open Cloud. */
  rank: z
    .object({
      userId: text().regex(/^\d{1,20}$/, { message: 'A Roblox user id (digits)' }),
      rankId: rankChangeBodySchema.shape.rankId,
    })
    .optional(),
});
export const applicationReviewSchema = z.object({
  application: z.object({
    id: z.number().int(),
    applicantName: text(),
    desiredRank: text(),
    status: text(),
    createdAt: isoDate,
    reviewNote: text().nullable(),
    reviewedBy: text().nullable(),
  }),
  rankChange: rankChangeSchema.nullable(),
});
export const applicationParamsSchema = groupIdParamsSchema.extend({ id: z.coerce.number().int().positive() });

export const workspaceApplicationEndpoints = {
  reviewApplication: endpoint({
    method: 'POST',
    path: '/api/roblox/groups/:groupId/applications/:id/review',
    summary: 'Accepts or rejects an application with a note (managers); accepting may rank the applicant first',
    params: applicationParamsSchema,
    auth: customer,
    body: applicationReviewBodySchema,
    response: applicationReviewSchema,
  }),
};
/** The Review dialog: ranking fields are optional together; filled in, they become `rank`. */
export const applicationReviewFormSchema = z
  .object({
    decision: z.enum(['accepted', 'rejected']),
    note: text().trim().max(LIMITS.reason),
    userId: text().trim(),
    rankId: z.number().int().min(1).max(255).optional(),
  })
  // A rejection ignores the ranking fields (the dialog hides them, their values stay in the form).
  .refine((form) => form.decision === 'rejected' || (form.userId === '') === (form.rankId === undefined), {
    message: "Give both the applicant's Roblox id and the rank, or neither",
    path: ['userId'],
  })
  .transform(({ decision, note, userId, rankId }) => ({
    decision,
    ...(note ? { note } : {}),
    ...(decision === 'accepted' && userId && rankId !== undefined ? { rank: { userId, rankId } } : {}),
  }))
  .pipe(applicationReviewBodySchema);

// ---- Activity feed ----

export const FEED_ENTRY_TYPES = ['training', 'patrol', 'promotion', 'recruitment', 'documentation'] as const;
export const feedEntrySchema = z.object({
  id: text(),
  type: z.enum(FEED_ENTRY_TYPES),
  title: text(),
  detail: text(),
  at: isoDate,
});
export const workspaceFeedEndpoints = {
  readActivityFeed: endpoint({
    method: 'GET',
    path: '/api/roblox/groups/:groupId/feed',
    summary: 'The typed activity feed (training, patrol, promotion, recruitment, documentation), newest first',
    params: groupIdParamsSchema,
    auth: customer,
    response: z.array(feedEntrySchema),
  }),
};

// ---- Documents ----

export const WORKSPACE_DOCUMENT_TYPES = ['handbook', 'training', 'hr', 'rules'] as const;
const MAX_DOCUMENT_CHARS = 50_000;
export const newDocumentSchema = z.object({
  title: required(LIMITS.title),
  type: z.enum(WORKSPACE_DOCUMENT_TYPES).default('handbook'),
  /** Markdown; screens render it without raw HTML. */
  body: required(MAX_DOCUMENT_CHARS),
  /** Ranks that see it; empty: everyone with workspace access. */
  rankIds: z.array(z.number().int().min(0).max(255)).max(256).default([]),
});
export const documentSchema = z.object({
  id: z.number().int(),
  title: text(),
  type: text(),
  body: text(),
  rankIds: z.array(z.number().int()),
  createdBy: text(),
  createdAt: isoDate,
});
export const workspaceDocumentEndpoints = {
  createDocument: endpoint({
    method: 'POST',
    path: '/api/roblox/groups/:groupId/documents',
    summary: 'Writes a Markdown document for chosen ranks, or everyone (managers)',
    params: groupIdParamsSchema,
    auth: customer,
    body: newDocumentSchema,
    response: documentSchema,
    successStatus: 201,
  }),
  listDocuments: endpoint({
    method: 'GET',
    path: '/api/roblox/groups/:groupId/documents',
    summary: "The documents the caller's rank may see (managers: all), newest first",
    params: groupIdParamsSchema,
    auth: customer,
    response: z.array(documentSchema),
  }),
};

// ---- Analytics ----

export const analyticsSchema = z.object({
  daily: z.array(z.object({ day: text(), minutes: z.number().int(), activeMembers: z.number().int() })),
  weekly: z.array(
    z.object({
      weekStart: text(),
      sessions: z.number().int(),
      /** Members with a quota for their rank, not on time off that week. */
      measured: z.number().int(),
      /** Of them, those who met every quota of their rank. */
      completed: z.number().int(),
    }),
  ),
});
export const workspaceAnalyticsEndpoints = {
  readAnalytics: endpoint({
    method: 'GET',
    path: '/api/roblox/groups/:groupId/analytics',
    summary: 'Minutes and active members per day, sessions and quota completion per week (managers)',
    params: groupIdParamsSchema,
    auth: customer,
    response: analyticsSchema,
  }),
};
