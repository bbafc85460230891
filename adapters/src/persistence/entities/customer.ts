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
