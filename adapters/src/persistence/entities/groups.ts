import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { col } from './columns.ts';

export const RobloxGroup = defineEntity({
  name: 'RobloxGroup',
  tableName: 'roblox_groups',
  properties: {
    id: col.id(),
    groupId: col.externalId().unique(),
    name: col.name(),
    description: col.text().nullable(),
    memberCount: p.integer().default(0),
    isPublic: p.boolean().default(true),
    ownerUserId: col.externalId().nullable(),
    isVerified: p.boolean().default(false),
    publicEntryAllowed: p.boolean().default(true),
    buildersClubMembersOnly: p.boolean().default(false),
    hasVerifiedBadge: p.boolean().default(false),
    ownerName: col.name().nullable(),
    ownerDisplayName: col.name().nullable(),
    /** The GroupFlow user who connected the group; null for rows written before connecting existed. */
    connectedBy: p.integer().nullable(),
    activityTracking: p.boolean().default(true),
    autoRank: p.boolean().default(false),
    quotaSystem: p.boolean().default(false),
    /** Workspace settings: autoPromotions, authorizedRoles, themeColor, homeWidgets. */
    settings: p.json<Record<string, unknown>>().nullable(),
    /**
     * The SHA-256 (hex) of the game servers' bearer key for POST .../activity/sessions: the key itself is shown once
     * and never stored. A row with one is a connected group.
     */
    activityKeyHash: p.string().length(64).nullable(),
    /** The key's first characters, so managers can tell which key a game holds. */
    activityKeyPrefix: p.string().length(16).nullable(),
    createdAt: col.createdAt(),
  },
});
export type RobloxGroupRecord = InferEntity<typeof RobloxGroup>;

export const GroupMember = defineEntity({
  name: 'GroupMember',
  tableName: 'group_members',
  uniques: [{ properties: ['groupId', 'userId'] }],
  properties: {
    id: col.id(),
    groupId: col.externalId().index(),
    userId: col.externalId(),
    username: col.name(),
    displayName: col.name().nullable(),
    rankId: p.integer().nullable(),
    rankName: col.name().nullable(),
    joinDate: p.datetime().nullable(),
    isVerified: p.boolean().default(false),
    isOnline: p.boolean().default(false),
    lastOnline: p.datetime().nullable(),
    /** First in-game report; a member with one is Tracked. */
    trackedAt: p.datetime().nullable(),
    createdAt: col.createdAt(),
    updatedAt: col.updatedAt(),
  },
});
export type GroupMemberRecord = InferEntity<typeof GroupMember>;

export const GroupRank = defineEntity({
  name: 'GroupRank',
  tableName: 'group_ranks',
  uniques: [{ properties: ['groupId', 'rankId'] }],
  properties: {
    id: col.id(),
    groupId: col.externalId().index(),
    rankId: p.integer(),
    name: col.name(),
    memberCount: p.integer().default(0),
    isOwner: p.boolean().default(false),
    permissions: p.json<Record<string, boolean>>().nullable(),
    discordRoleId: col.externalId().nullable(),
    createdAt: col.createdAt(),
  },
});
export type GroupRankRecord = InferEntity<typeof GroupRank>;
