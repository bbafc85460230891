import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { col } from './columns.ts';

/** The game-username placeholder of spec 3 ("default nickname format"). */
export const DEFAULT_NICKNAME_FORMAT = '{roblox-username}';

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
    auditLogsChannelId: col.externalId().nullable(),
    welcomeMessage: col.text().nullable(),
    isSetupComplete: p.boolean().default(false),
    setupStep: p.integer().default(0),
    createdAt: col.createdAt(),
    updatedAt: col.updatedAt(),
  },
});
export type DiscordServerConfigRecord = InferEntity<typeof DiscordServerConfig>;
