import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { col } from './columns.ts';

export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: col.id(),
    username: col.name(),
    password: p.string().length(255).nullable().hidden(),
    discordId: col.externalId().unique().nullable(),
    email: col.email().nullable(),
    avatar: p.string().length(512).nullable(),
    discriminator: p.string().length(10).nullable(),
    robloxId: col.externalId().unique().nullable(),
    robloxUsername: col.name().nullable(),
    isVerified: p.boolean().default(false),
    isAdmin: p.boolean().default(false),
    isBanned: p.boolean().default(false),
    bannedReason: col.text().nullable(),
    bannedBy: col.name().nullable(),
    bannedAt: p.datetime().nullable(),
    role: col.role().default('user'),
    createdAt: col.createdAt(),
  },
});
export type UserRecord = InferEntity<typeof User>;

export const Bot = defineEntity({
  name: 'Bot',
  tableName: 'bots',
  properties: {
    id: col.id(),
    name: col.name(),
    token: p.string().length(255).hidden(),
    clientId: col.externalId().nullable(),
    guildId: col.externalId().nullable(),
    robloxGroupId: col.externalId().nullable(),
    createdBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    isOnline: p.boolean().default(false),
    commandsEnabled: p.boolean().default(true),
    verificationEnabled: p.boolean().default(true),
    groupManagementEnabled: p.boolean().default(true),
    autoRolesEnabled: p.boolean().default(false),
    verificationChannelId: col.externalId().nullable(),
    createdAt: col.createdAt(),
    lastOnline: p.datetime().nullable(),
  },
});
export type BotRecord = InferEntity<typeof Bot>;

export const Command = defineEntity({
  name: 'Command',
  tableName: 'commands',
  properties: {
    id: col.id(),
    name: col.name(),
    description: col.text().nullable(),
    usageCount: p.integer().default(0),
    bot: () => p.manyToOne(Bot).fieldName('bot_id').deleteRule('cascade'),
    isEnabled: p.boolean().default(true),
    createdAt: col.createdAt(),
  },
});
export type CommandRecord = InferEntity<typeof Command>;

/** Activity log shared by customers and staff; userId and botId stay loose so history outlives the rows. */
export const Activity = defineEntity({
  name: 'Activity',
  tableName: 'activities',
  properties: {
    id: col.id(),
    type: col.type(),
    description: col.text(),
    userId: p.integer().nullable().index(),
    /** Set for staff-side entries (the staff dashboard's feed); null for customer activity. */
    staffUserId: p.integer().nullable().index(),
    botId: p.integer().nullable(),
    metadata: p.json<Record<string, unknown>>().nullable(),
    createdAt: col.createdAt().index(),
  },
});
export type ActivityRecord = InferEntity<typeof Activity>;

/**
 * Server-side content of koa-session cookie sessions: the cookie carries only the signed id, so logout and
 * expiry really end a session, and several API processes share them.
 */
export const CustomerSession = defineEntity({
  name: 'CustomerSession',
  tableName: 'customer_sessions',
  properties: {
    id: p.string().length(64).primary(),
    data: p.json<Record<string, unknown>>(),
    expiresAt: p.datetime().index(),
  },
});
export type CustomerSessionRecord = InferEntity<typeof CustomerSession>;

/**
 * A customer's Discord OAuth grant, kept server-side so the `guilds` scope can be used after sign-in. Both tokens
 * are encrypted (AES-256-GCM) before they reach this table; the browser never sees them.
 */
export const DiscordOAuthGrant = defineEntity({
  name: 'DiscordOAuthGrant',
  tableName: 'discord_oauth_grants',
  properties: {
    user: () => p.oneToOne(User).primary().owner().deleteRule('cascade'),
    accessToken: p.text(),
    refreshToken: p.text().nullable(),
    expiresAt: p.datetime(),
    scope: col.name(),
    updatedAt: col.updatedAt(),
  },
});
export type DiscordOAuthGrantRecord = InferEntity<typeof DiscordOAuthGrant>;

/**
 * The guilds a customer is a member of, as Discord's `GET /users/@me/guilds` last answered (refreshed after a
 * setting's age). It tells who manages which guild, and which signed-in users share a guild.
 */
export const CustomerGuild = defineEntity({
  name: 'CustomerGuild',
  tableName: 'customer_guilds',
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade'),
    guildId: col.externalId().primary().index(),
    name: col.name(),
    icon: p.string().length(64).nullable(),
    owner: p.boolean().default(false),
    /** Discord's permission bit set, a decimal string (it exceeds 53 bits). */
    permissions: p.string().length(32),
    approximateMemberCount: p.integer().nullable(),
    approximatePresenceCount: p.integer().nullable(),
  },
});
export type CustomerGuildRecord = InferEntity<typeof CustomerGuild>;

/** When each customer's guild list was last fetched (also for an empty list, so "in no guild" is cached too). */
export const CustomerGuildFetch = defineEntity({
  name: 'CustomerGuildFetch',
  tableName: 'customer_guild_fetches',
  properties: {
    user: () => p.oneToOne(User).primary().owner().deleteRule('cascade'),
    fetchedAt: p.datetime(),
  },
});
export type CustomerGuildFetchRecord = InferEntity<typeof CustomerGuildFetch>;

/**
 * A server manager's vouch that a member of their server owns a Roblox account (PATCH /api/users/{id}/verify):
 * one per server and member, counted by that server's role sync and verification list only, never as proof.
 */
export const GuildVouch = defineEntity({
  name: 'GuildVouch',
  tableName: 'guild_vouches',
  properties: {
    guildId: col.externalId().primary(),
    user: () => p.manyToOne(User).primary().deleteRule('cascade'),
    robloxId: col.externalId(),
    robloxUsername: col.name(),
    /** The manager who vouched; the vouch stays when that account goes, as a record of who said so. */
    vouchedBy: p.integer(),
    vouchedAt: p.datetime(),
  },
});
export type GuildVouchRecord = InferEntity<typeof GuildVouch>;

/**
 * A Roblox account a customer typed but has not proven: it waits beside their current link (users.roblox_id, which
 * holds only proven accounts) until a profile code or Roblox sign-in proves it, or it is cancelled or expires.
 * Several customers may claim one account; the first proof wins and releases the others' claims.
 */
export const RobloxClaim = defineEntity({
  name: 'RobloxClaim',
  tableName: 'roblox_claims',
  properties: {
    user: () => p.oneToOne(User).primary().owner().deleteRule('cascade'),
    robloxId: col.externalId().index(),
    robloxUsername: col.name(),
    createdAt: col.createdAt(),
    expiresAt: p.datetime(),
  },
});
export type RobloxClaimRecord = InferEntity<typeof RobloxClaim>;
