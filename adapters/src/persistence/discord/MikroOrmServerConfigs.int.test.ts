import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_SERVER_CONFIG } from '@groupflow/core';
import { openDatabase, type Orm } from '../database.ts';
import { MikroOrmServerConfigs } from './MikroOrmServerConfigs.ts';

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
      verificationRoleId: '',
      unverifiedRoleId: '',
      nicknameFormat: '{roblox-name}',
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
      moderatorRoles: ['Mods', '123'],
      adminRoles: ['Admins'],
      boundGroupId: '15567637',
      logChannel: 'bot-log',
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
      audit_logs_channel_id: 'bot-log',
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
});
