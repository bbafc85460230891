import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { col } from './columns.ts';

/** Answers of the Roblox APIs shared by every process (adapters/src/roblox/PostgresRobloxCache.ts). */
export const RobloxApiCache = defineEntity({
  name: 'RobloxApiCache',
  tableName: 'roblox_api_cache',
  properties: {
    key: p.string().length(255).primary(),
    value: p.json<{ v: unknown }>(),
    expiresAt: p.datetime().index(),
  },
});

/** The profile code a customer was asked to put in their Roblox description; one live code per customer. */
export const RobloxVerificationCode = defineEntity({
  name: 'RobloxVerificationCode',
  tableName: 'roblox_verification_codes',
  properties: {
    userId: p.integer().primary().autoincrement(false),
    robloxId: col.externalId(),
    code: p.string().length(16),
    expiresAt: p.datetime(),
  },
});
export type RobloxVerificationCodeRecord = InferEntity<typeof RobloxVerificationCode>;

/** One player's stay in a game, as the group's game servers report it (POST .../activity/sessions). */
export const ActivitySession = defineEntity({
  name: 'ActivitySession',
  tableName: 'activity_sessions',
  uniques: [{ properties: ['groupId', 'sessionId'] }],
  indexes: [{ properties: ['groupId', 'startedAt'] }, { properties: ['groupId', 'robloxUserId'] }],
  properties: {
    id: col.id(),
    groupId: col.externalId(),
    sessionId: p.string().length(64),
    robloxUserId: col.externalId(),
    placeId: col.externalId().nullable(),
    startedAt: p.datetime(),
    endedAt: p.datetime().nullable(),
    idleSeconds: p.integer().default(0),
    /** game (an end event), cap (left open past the limit) or superseded (the player started another). */
    closedBy: p.string().length(16).nullable(),
  },
});
export type ActivitySessionRecord = InferEntity<typeof ActivitySession>;

/**
 * The eventIds of a group's activity reports, each kept until its report would be too old to accept anyway
 * (`expires_at`, sentAt + ACTIVITY_REPORT_MAX_AGE_SECONDS), so a captured report cannot be replayed; expired rows
 * are deleted by the ledger itself (PostgresActivityLedger).
 */
export const ActivityReportReceipt = defineEntity({
  name: 'ActivityReportReceipt',
  tableName: 'activity_report_receipts',
  properties: {
    groupId: col.externalId().primary(),
    eventId: p.string().length(64).primary(),
    expiresAt: p.datetime().index(),
  },
});

export const GroupApplication = defineEntity({
  name: 'GroupApplication',
  tableName: 'group_applications',
  properties: {
    id: col.id(),
    groupId: col.externalId().index(),
    applicantName: col.name(),
    desiredRank: col.name(),
    status: col.status().default('pending'),
    /** The review (POST .../applications/{id}/review): the manager's note and name. */
    reviewNote: col.text().nullable(),
    reviewedBy: col.name().nullable(),
    reviewedAt: p.datetime().nullable(),
    createdBy: p.integer().nullable(),
    createdAt: col.createdAt(),
    updatedAt: col.updatedAt(),
  },
});
export type GroupApplicationRecord = InferEntity<typeof GroupApplication>;

export const GroupTrainingSession = defineEntity({
  name: 'GroupTrainingSession',
  tableName: 'group_training_sessions',
  properties: {
    id: col.id(),
    groupId: col.externalId().index(),
    title: col.title(),
    hostName: col.name(),
    participantCount: p.integer().default(0),
    status: col.status().default('scheduled'),
    type: col.type().default('training'),
    scheduledAt: p.datetime().nullable(),
    /** Scheduled sessions (POST .../sessions): length, sign-up slots, and host and co-host by Roblox id. */
    durationMinutes: p.integer().nullable(),
    slots: p.integer().nullable(),
    hostUserId: col.externalId().nullable(),
    coHostUserId: col.externalId().nullable(),
    coHostName: col.name().nullable(),
    createdBy: p.integer().nullable(),
    createdAt: col.createdAt(),
    updatedAt: col.updatedAt(),
  },
});
export type GroupTrainingSessionRecord = InferEntity<typeof GroupTrainingSession>;
