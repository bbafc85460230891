import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import {
  DEFAULT_NICKNAME_FORMAT,
  NO_RESTRICTIONS,
  type Bind,
  type GuildSnapshot,
  type RankBind,
  type ServerRestrictions,
} from '@groupflow/core';
import { LIMITS } from '@groupflow/core/contracts';
import { col } from './columns.ts';

export { DEFAULT_NICKNAME_FORMAT };

/**
 * Spec 3 `discord_server_configs`, plus the dashboard's settings (spec 1 section 3). The dashboard's names map onto
 * the spec's columns: boundGroupId is robloxGroupId, logChannel is auditLogsChannelId, autoRoleSync is
 * autoRolesEnabled. Empty dashboard strings are stored as null.
 */
export const DiscordServerConfig = defineEntity({
  name: 'DiscordServerConfig',
  tableName: 'discord_server_configs',
  properties: {
    id: col.id(),
    guildId: col.externalId().unique(),
    guildName: col.name().nullable(),
    robloxGroupId: col.externalId().nullable(),
    robloxGroupName: col.name().nullable(),
    verificationChannelId: col.externalId().nullable(),
    verificationRoleId: col.externalId().nullable(),
    unverifiedRoleId: col.externalId().nullable(),
    nicknameFormat: col.name().default(DEFAULT_NICKNAME_FORMAT),
    autoRolesEnabled: p.boolean().default(false),
    /** A channel id (a name before issue 22's conversion; Discord channel names run to 100 characters). */
    auditLogsChannelId: p.string().length(LIMITS.discordName).nullable(),
    welcomeMessage: col.text().nullable(),
    isSetupComplete: p.boolean().default(false),
    setupStep: p.integer().default(0),
    moderationEnabled: p.boolean().default(true),
    verificationEnabled: p.boolean().default(true),
    groupBindingEnabled: p.boolean().default(true),
    /** Role ids (names before issue 22's conversion). */
    moderatorRoles: p.json<string[]>().default('[]'),
    adminRoles: p.json<string[]>().default('[]'),
    moderationLogChannel: p.string().length(LIMITS.discordName).nullable(),
    /** The channel id where the bot posts the bound group's session schedule and reminders. */
    sessionsChannelId: col.externalId().nullable(),
    /** Rank binds of the bound group: `[{ rankId, roleId }]`. */
    rankBinds: p.json<RankBind[]>().default('[]'),
    /** Binds beyond the rank binds (issue 35): `Bind[]`. */
    binds: p.json<Bind[]>().default('[]'),
    /** Who may verify here: `ServerRestrictions`. */
    restrictions: p.json<ServerRestrictions>().default(JSON.stringify(NO_RESTRICTIONS)),
    /** Roles no sync touches. */
    bypassRoleIds: p.json<string[]>().default('[]'),
    /**
     * When the bot converted the configuration's role and channel names to ids against the guild's roles (once, at
     * its first load of the guild after issue 22); null until then.
     */
    namesConvertedAt: p.datetime().nullable(),
    createdAt: col.createdAt(),
    updatedAt: col.updatedAt(),
  },
});
export type DiscordServerConfigRecord = InferEntity<typeof DiscordServerConfig>;

/** One gateway shard of the bot: online flag and last heartbeat (the `BotState` port). */
export const BotShard = defineEntity({
  name: 'BotShard',
  tableName: 'bot_shards',
  properties: {
    shardId: p.integer().primary().autoincrement(false),
    online: p.boolean().default(false),
    lastHeartbeatAt: p.datetime(),
    botUserId: col.externalId(),
    botName: col.name(),
  },
});
export type BotShardRecord = InferEntity<typeof BotShard>;

/**
 * The minutes in which the bot wrote at least one heartbeat (any shard), kept for the longest uptime window: the
 * status page's bot uptime is the share of a window's minutes found here, not a sample.
 */
export const BotUptimeMinute = defineEntity({
  name: 'BotUptimeMinute',
  tableName: 'bot_uptime_minutes',
  properties: {
    minute: p.datetime().primary(),
  },
});
export type BotUptimeMinuteRecord = InferEntity<typeof BotUptimeMinute>;

/** A guild the bot is in, as its shard last saw it. */
export const BotGuild = defineEntity({
  name: 'BotGuild',
  tableName: 'bot_guilds',
  properties: {
    guildId: col.externalId().primary(),
    shardId: p.integer().index(),
    name: col.name(),
    icon: p.string().length(64).nullable(),
    memberCount: p.integer().default(0),
    joinedAt: p.datetime(),
    updatedAt: col.updatedAt(),
  },
});
export type BotGuildRecord = InferEntity<typeof BotGuild>;

/** Slash commands used per guild per hour; written with an atomic upsert, summed for "last 24 hours". */
export const BotCommandUsage = defineEntity({
  name: 'BotCommandUsage',
  tableName: 'bot_command_usage',
  properties: {
    guildId: col.externalId().primary(),
    hour: p.datetime().primary(),
    count: p.integer().default(0),
  },
});
export type BotCommandUsageRecord = InferEntity<typeof BotCommandUsage>;

/**
 * What the bot could not reach in a guild (the `RoleProblemLog` port): a missing permission, a role above the bot's,
 * a member it may not manage. One row per guild, kind and target, so a later note replaces an earlier one.
 */
export const BotRoleProblem = defineEntity({
  name: 'BotRoleProblem',
  tableName: 'bot_role_problems',
  properties: {
    guildId: col.externalId().primary(),
    kind: p.string().length(16).primary(),
    targetId: col.externalId().primary(),
    name: col.name(),
    reason: col.text(),
    notedAt: col.updatedAt(),
  },
});
export type BotRoleProblemRecord = InferEntity<typeof BotRoleProblem>;

/**
 * A guild's roles, channels and the bot's standing as the bot last saw them (the `GuildDirectory` port): written by
 * the bot, read by the API's Configure dialog and name resolution. One row per guild, replaced whole.
 */
export const BotGuildDirectory = defineEntity({
  name: 'BotGuildDirectory',
  tableName: 'bot_guild_directory',
  properties: {
    guildId: col.externalId().primary(),
    snapshot: p.json<GuildSnapshot>(),
    recordedAt: col.updatedAt(),
  },
});
export type BotGuildDirectoryRecord = InferEntity<typeof BotGuildDirectory>;
