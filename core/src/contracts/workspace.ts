import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { LIMITS } from './limits.ts';
import { text } from './text.ts';
import { isoDateTime as isoDate } from './wire.ts';
import { groupIdParamsSchema } from './roblox.ts';

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

/** Never the key: whether one is set, and what Open Cloud said it may do when it was saved. */
export const openCloudKeyStatusSchema = z.object({
  set: z.boolean(),
  permissions: z.array(text()),
  savedAt: isoDate.nullable(),
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
  result: z.enum(['succeeded', 'failed']),
  error: text().nullable(),
  createdAt: isoDate,
});
export type RankChangeWire = z.infer<typeof rankChangeSchema>;

// ---- Notifications ----

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['time-off-decided', 'session-reminder', 'application-received', 'quota-behind', 'rank-changed']),
  title: text(),
  message: text(),
  isRead: z.boolean(),
  createdAt: isoDate,
});
export const markNotificationsReadSchema = z.object({ ids: z.array(z.number().int().positive()).min(1).max(200) });

export const workspaceEndpoints = {
  openCloudKey: endpoint({
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
    summary: "Stores the group's Open Cloud key after Open Cloud accepted it for the group (encrypted at rest)",
    params: groupIdParamsSchema,
    auth: customer,
    body: openCloudKeyBodySchema,
    response: openCloudKeyStatusSchema,
  }),
  rankMember: endpoint({
    method: 'POST',
    path: '/api/roblox/groups/:groupId/members/:userId/rank',
    summary: "Promotes, demotes or sets a member's rank through Open Cloud (below the manager's own rank), audited",
    params: memberRankParamsSchema,
    auth: customer,
    body: rankChangeBodySchema,
    response: rankChangeSchema,
  }),
  rankAudit: endpoint({
    method: 'GET',
    path: '/api/roblox/groups/:groupId/audit',
    summary: 'Every rank change of the group, newest first: who, whom, from, to, why, when, result',
    params: groupIdParamsSchema,
    auth: customer,
    response: z.array(rankChangeSchema),
  }),
  notifications: endpoint({
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
