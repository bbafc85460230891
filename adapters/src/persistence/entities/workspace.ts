import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { col } from './columns.ts';

/** A group's own Open Cloud API key, sealed with AES-256-GCM (never readable from the table alone). */
export const GroupOpenCloudKey = defineEntity({
  name: 'GroupOpenCloudKey',
  tableName: 'group_open_cloud_keys',
  properties: {
    groupId: col.externalId().primary(),
    sealedKey: p.text(),
    /** Open Cloud's `group:*` operations of the key when it was saved. */
    permissions: p.json<string[]>(),
    savedBy: p.integer(),
    savedAt: p.datetime(),
    /** The expiry its creator set in Roblox (introspection's expirationTimeUtc); null: none. */
    expiresAt: p.datetime().nullable(),
    /** The last Open Cloud call with the key that succeeded: Roblox expires keys left unused. */
    lastUsedAt: p.datetime().nullable(),
    /** When the owner was warned that the key lapses soon; a new key clears it. */
    lapseWarnedAt: p.datetime().nullable(),
    /** When Roblox first refused the saved key and the owner was told; a new key clears it. */
    refusedAt: p.datetime().nullable(),
  },
});
export type GroupOpenCloudKeyRecord = InferEntity<typeof GroupOpenCloudKey>;

/** The audit trail of rank changes: who, whom, from, to, why, when, and what Open Cloud answered. */
export const GroupRankChange = defineEntity({
  name: 'GroupRankChange',
  tableName: 'group_rank_changes',
  indexes: [{ properties: ['groupId', 'createdAt'] }],
  properties: {
    id: col.id(),
    groupId: col.externalId(),
    actorName: col.name(),
    actorRobloxId: col.externalId().nullable(),
    targetUserId: col.externalId(),
    targetName: col.name(),
    fromRank: p.integer().nullable(),
    fromRoleName: col.name().nullable(),
    toRank: p.integer(),
    toRoleName: col.name(),
    reason: col.text(),
    /** manual, auto or application. */
    source: col.type(),
    /** succeeded or failed. */
    result: col.status(),
    error: col.text().nullable(),
    createdAt: col.createdAt(),
  },
});
export type GroupRankChangeRecord = InferEntity<typeof GroupRankChange>;

/** One weekly quota of a group: what ranks must reach each week. */
export const GroupQuota = defineEntity({
  name: 'GroupQuota',
  tableName: 'group_quotas',
  indexes: [{ properties: ['groupId', 'position'] }],
  properties: {
    id: col.id(),
    groupId: col.externalId(),
    position: p.integer(),
    name: col.name(),
    /** minutes-in-game, sessions-hosted or sessions-attended. */
    kind: col.type(),
    amount: p.integer(),
    rankIds: p.json<number[]>(),
  },
});
export type GroupQuotaRecord = InferEntity<typeof GroupQuota>;

/** A member's time-off request; approved, it excuses them from quotas for its days. */
export const GroupTimeOff = defineEntity({
  name: 'GroupTimeOff',
  tableName: 'group_time_off',
  indexes: [{ properties: ['groupId', 'status', 'startDate'] }],
  properties: {
    id: col.id(),
    groupId: col.externalId(),
    robloxUserId: col.externalId(),
    username: col.name(),
    customerId: p.integer(),
    /** Calendar days (YYYY-MM-DD), both included, in the group's quota time zone. */
    startDate: p.string().length(10),
    endDate: p.string().length(10),
    reason: col.text(),
    /** pending, approved or declined. */
    status: col.status().default('pending'),
    note: col.text().nullable(),
    decidedBy: col.name().nullable(),
    decidedAt: p.datetime().nullable(),
    createdAt: col.createdAt(),
  },
});
export type GroupTimeOffRecord = InferEntity<typeof GroupTimeOff>;

/** A member signed up for a slot of a scheduled session (group_training_sessions). */
export const GroupSessionSignup = defineEntity({
  name: 'GroupSessionSignup',
  tableName: 'group_session_signups',
  uniques: [{ properties: ['sessionId', 'robloxUserId'] }],
  properties: {
    id: col.id(),
    sessionId: p.integer().index(),
    robloxUserId: col.externalId(),
    username: col.name(),
    createdAt: col.createdAt(),
  },
});
export type GroupSessionSignupRecord = InferEntity<typeof GroupSessionSignup>;

/** A workspace document: Markdown shown to the chosen ranks (every rank with access when none is chosen). */
export const GroupDocument = defineEntity({
  name: 'GroupDocument',
  tableName: 'group_documents',
  indexes: [{ properties: ['groupId', 'createdAt'] }],
  properties: {
    id: col.id(),
    groupId: col.externalId(),
    title: col.title(),
    /** handbook, training, hr or rules. */
    type: col.type(),
    body: p.text(),
    rankIds: p.json<number[]>(),
    createdBy: col.name(),
    createdAt: col.createdAt(),
  },
});
export type GroupDocumentRecord = InferEntity<typeof GroupDocument>;
