import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_SERVER_CONFIG } from '@groupflow/core';
import { openDatabase, type Orm } from '../database.ts';
import { MikroOrmServerConfigs, MikroOrmSessionChannels } from './MikroOrmServerConfigs.ts';
import { MikroOrmGuildDirectory } from './MikroOrmGuildDirectory.ts';

let orm: Orm;
let configs: MikroOrmServerConfigs;

beforeAll(async () => {
  orm = await openDatabase(inject('databaseUrl'));
  configs = new MikroOrmServerConfigs(orm);
});
afterAll(async () => {
  await orm?.close(true);
});

const guildId = () => String(Math.floor(Math.random() * 1e15));

describe('MikroOrmServerConfigs against PostgreSQL', () => {
  it('answers the spec defaults for a guild never configured, without writing a row', async () => {
    const id = guildId();
    expect(await configs.get(id)).toEqual({
      moderationEnabled: true,
      verificationEnabled: true,
      groupBindingEnabled: true,
      autoRoleSync: false,
      moderatorRoles: [],
      adminRoles: [],
      boundGroupId: '',
      logChannel: '',
      moderationLogChannel: '',
      sessionsChannel: '',
      rankBinds: [],
      verificationRoleId: '',
      unverifiedRoleId: '',
      nicknameFormat: '{roblox-name}',
      binds: [],
      restrictions: { minAccountAgeDays: 0, requireGroupId: null, bannedRobloxIds: [] },
      verificationChannelId: '',
      bypassRoleIds: [],
    });
    const rows = await orm.em
      .fork()
      .getConnection()
      .execute('select 1 from discord_server_configs where guild_id = ?', [id]);
    expect(rows).toHaveLength(0);
  });

  it('saves a full configuration into the spec columns and reads it back', async () => {
    const id = guildId();
    const config = {
      ...DEFAULT_SERVER_CONFIG,
      moderationEnabled: false,
      autoRoleSync: true,
      moderatorRoles: ['321', '123'],
      adminRoles: ['654'],
      boundGroupId: '15567637',
      logChannel: '987',
      rankBinds: [
        { rankId: 1, roleId: '111' },
        { rankId: 255, roleId: '222' },
      ],
      moderationLogChannel: '456',
      verificationRoleId: '789',
      nicknameFormat: '{smart-name}',
    };
    expect(await configs.save(id, config, 'My Guild')).toEqual(config);
    expect(await configs.get(id)).toEqual(config);
    const [row] = await orm.em
      .fork()
      .getConnection()
      .execute(
        'select guild_name, roblox_group_id, audit_logs_channel_id, auto_roles_enabled, unverified_role_id from discord_server_configs where guild_id = ?',
        [id],
      );
    expect(row).toEqual({
      guild_name: 'My Guild',
      roblox_group_id: '15567637',
      audit_logs_channel_id: '987',
      auto_roles_enabled: true,
      unverified_role_id: null,
    });
  });

  it('applies partial changes over what is stored, and empty strings clear a value', async () => {
    const id = guildId();
    await configs.save(id, { adminRoles: ['Owner'], logChannel: 'log' });
    const after = await configs.save(id, { boundGroupId: '42', logChannel: '' });
    expect(after).toMatchObject({ adminRoles: ['Owner'], boundGroupId: '42', logChannel: '', moderationEnabled: true });
    expect(await configs.get(id)).toEqual(after);
  });

  it('keeps both of two simultaneous partial saves on a new guild', async () => {
    const id = guildId();
    await Promise.all([configs.save(id, { boundGroupId: '7' }), configs.save(id, { moderatorRoles: ['Mods'] })]);
    expect(await configs.get(id)).toMatchObject({ boundGroupId: '7', moderatorRoles: ['Mods'] });
  });

  it('converts once: the first saveConverted applies and records it, a second (another process) writes nothing', async () => {
    const id = guildId();
    await configs.save(id, { moderatorRoles: ['Mods'] });
    expect(await configs.needsNameConversion(id)).toBe(true);
    const [first, second] = await Promise.all([
      configs.saveConverted(id, { moderatorRoles: ['111'] }),
      configs.saveConverted(id, { moderatorRoles: ['222'] }),
    ]);
    expect([first, second].sort()).toEqual([false, true]);
    expect(await configs.needsNameConversion(id)).toBe(false);
    expect((await configs.get(id)).moderatorRoles).toHaveLength(1);
    // A later dashboard save leaves it converted.
    await configs.save(id, { moderatorRoles: ['333'] });
    expect(await configs.needsNameConversion(id)).toBe(false);
    // A guild never configured needs converting (its defaults name a role "Verified" to look for).
    expect(await configs.needsNameConversion(guildId())).toBe(true);
  });
});

describe('MikroOrmGuildDirectory against PostgreSQL', () => {
  it('answers null before the bot recorded a guild, then the latest record', async () => {
    const directory = new MikroOrmGuildDirectory(orm);
    const id = guildId();
    expect(await directory.read(id)).toBeNull();
    const guild = {
      id,
      name: 'G',
      ownerId: '1',
      roles: [
        { id: '5', name: 'Mods', position: 2, managed: false, colour: 255, permissions: ['KickMembers' as const] },
      ],
      channels: [{ id: '6', name: 'log', type: 'text' as const }],
      botHighestPosition: 3,
      botPermissions: ['ManageRoles' as const],
    };
    await directory.record(guild);
    expect(await directory.read(id)).toEqual(guild);
    await directory.record({ ...guild, roles: [] });
    expect((await directory.read(id))?.roles).toEqual([]);
  });

  it('lists the sessions channels of the servers bound to a group, and only those', async () => {
    const group = guildId();
    const [first, second, silent, other] = [guildId(), guildId(), guildId(), guildId()];
    await configs.save(first, { boundGroupId: group, sessionsChannel: '101' });
    await configs.save(second, { boundGroupId: group, sessionsChannel: '102' });
    await configs.save(silent, { boundGroupId: group });
    await configs.save(other, { boundGroupId: guildId(), sessionsChannel: '103' });
    expect(await new MikroOrmSessionChannels(orm).of(group)).toEqual(['101', '102']);
    expect((await configs.get(first)).sessionsChannel).toBe('101');
  });
});
