import { LockMode } from '@mikro-orm/core';
import { DEFAULT_SERVER_CONFIG, type ServerConfig, type ServerConfigs, type SessionChannels } from '@groupflow/core';
import type { Orm } from '../database.ts';
import { entityManager } from '../entityManager.ts';
import { DiscordServerConfig, type DiscordServerConfigRecord } from '../entities/index.ts';

/** `discord_server_configs`, one row per guild, created on the first save. */
export class MikroOrmServerConfigs implements ServerConfigs {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async get(guildId: string): Promise<ServerConfig> {
    const row = await entityManager(this.#orm).findOne(DiscordServerConfig, { guildId });
    return row ? toConfig(row) : structuredClone({ ...DEFAULT_SERVER_CONFIG });
  }

  async needsNameConversion(guildId: string): Promise<boolean> {
    const row = await entityManager(this.#orm).findOne(
      DiscordServerConfig,
      { guildId },
      { fields: ['namesConvertedAt'] },
    );
    return !row?.namesConvertedAt;
  }

  async saveConverted(guildId: string, changes: Partial<ServerConfig>): Promise<boolean> {
    return entityManager(this.#orm).transactional(async (em) => {
      await em.createQueryBuilder(DiscordServerConfig).insert({ guildId }).onConflict('guildId').ignore().execute();
      const row = await em.findOneOrFail(DiscordServerConfig, { guildId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (row.namesConvertedAt) return false;
      em.assign(row, { ...toColumns({ ...toConfig(row), ...defined(changes) }), namesConvertedAt: new Date() });
      return true;
    });
  }

  async save(guildId: string, changes: Partial<ServerConfig>, guildName?: string): Promise<ServerConfig> {
    return entityManager(this.#orm).transactional(async (em) => {
      // The row is created with the column defaults (the spec's) first and then locked, so /bind-group and the
      // dashboard saving at once each keep the other's fields, even for a guild never configured before.
      await em.createQueryBuilder(DiscordServerConfig).insert({ guildId }).onConflict('guildId').ignore().execute();
      const row = await em.findOneOrFail(DiscordServerConfig, { guildId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const merged: ServerConfig = { ...toConfig(row), ...defined(changes) };
      em.assign(row, { ...toColumns(merged), ...(guildName === undefined ? {} : { guildName }) });
      return merged;
    });
  }
}

/** Drops keys explicitly set to undefined, so they do not erase stored values. */
function defined(changes: Partial<ServerConfig>): Partial<ServerConfig> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
}

const orEmpty = (value: string | null | undefined) => value ?? '';
const orNull = (value: string) => (value === '' ? null : value);

function toConfig(row: DiscordServerConfigRecord): ServerConfig {
  return {
    moderationEnabled: row.moderationEnabled,
    verificationEnabled: row.verificationEnabled,
    groupBindingEnabled: row.groupBindingEnabled,
    autoRoleSync: row.autoRolesEnabled,
    moderatorRoles: [...row.moderatorRoles],
    adminRoles: [...row.adminRoles],
    boundGroupId: orEmpty(row.robloxGroupId),
    logChannel: orEmpty(row.auditLogsChannelId),
    moderationLogChannel: orEmpty(row.moderationLogChannel),
    sessionsChannel: orEmpty(row.sessionsChannelId),
    rankBinds: row.rankBinds.map(({ rankId, roleId }) => ({ rankId, roleId })),
    verificationRoleId: orEmpty(row.verificationRoleId),
    unverifiedRoleId: orEmpty(row.unverifiedRoleId),
    nicknameFormat: row.nicknameFormat,
    binds: row.binds.map((bind) => ({ ...bind, roleIds: [...bind.roleIds] })),
    restrictions: { ...row.restrictions, bannedRobloxIds: [...row.restrictions.bannedRobloxIds] },
    verificationChannelId: orEmpty(row.verificationChannelId),
    bypassRoleIds: [...row.bypassRoleIds],
  };
}

function toColumns(config: ServerConfig) {
  return {
    moderationEnabled: config.moderationEnabled,
    verificationEnabled: config.verificationEnabled,
    groupBindingEnabled: config.groupBindingEnabled,
    autoRolesEnabled: config.autoRoleSync,
    moderatorRoles: [...config.moderatorRoles],
    adminRoles: [...config.adminRoles],
    robloxGroupId: orNull(config.boundGroupId),
    auditLogsChannelId: orNull(config.logChannel),
    moderationLogChannel: orNull(config.moderationLogChannel),
    sessionsChannelId: orNull(config.sessionsChannel),
    rankBinds: config.rankBinds.map(({ rankId, roleId }) => ({ rankId, roleId })),
    verificationRoleId: orNull(config.verificationRoleId),
    unverifiedRoleId: orNull(config.unverifiedRoleId),
    nicknameFormat: config.nicknameFormat,
    binds: config.binds.map((bind) => ({ ...bind, roleIds: [...bind.roleIds] })),
    restrictions: { ...config.restrictions, bannedRobloxIds: [...config.restrictions.bannedRobloxIds] },
    verificationChannelId: orNull(config.verificationChannelId),
    bypassRoleIds: [...config.bypassRoleIds],
  };
}

/** SessionChannels from the server configurations: the sessions channel of every server bound to the group. */
export class MikroOrmSessionChannels implements SessionChannels {
  readonly #orm: Orm;

  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async of(groupId: string): Promise<string[]> {
    const rows = await entityManager(this.#orm).find(
      DiscordServerConfig,
      { robloxGroupId: groupId, sessionsChannelId: { $ne: null } },
      { fields: ['sessionsChannelId'], orderBy: { id: 'asc' } },
    );
    return rows.map((row) => row.sessionsChannelId!);
  }
}
