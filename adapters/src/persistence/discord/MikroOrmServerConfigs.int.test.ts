import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeServerConfigsContract } from '@groupflow/core/discord/testing/serverConfigsContract';
import { openOwnDatabase } from '../../../test/ownDatabase.ts';
import { openDatabase, type Orm } from '../database.ts';
import { MikroOrmServerConfigs, MikroOrmSessionChannels } from './MikroOrmServerConfigs.ts';
import { MikroOrmGuildDirectory } from './MikroOrmGuildDirectory.ts';

let orm: Orm;
let configs: MikroOrmServerConfigs;
let own: Awaited<ReturnType<typeof openOwnDatabase>>;

beforeAll(async () => {
  orm = await openDatabase(inject('databaseUrl'));
  configs = new MikroOrmServerConfigs(orm);
  own = await openOwnDatabase();
});
afterAll(async () => {
  await orm?.close(true);
  await own?.drop();
});

describeServerConfigsContract('MikroOrmServerConfigs', async () => {
  await own.truncate('discord_server_configs');
  return new MikroOrmServerConfigs(own.orm);
});

const guildId = () => String(Math.floor(Math.random() * 1e15));

describe('MikroOrmServerConfigs against PostgreSQL', () => {
  it('answers a guild never configured without writing a row', async () => {
    const id = guildId();
    await configs.get(id);
    const rows = await orm.em
      .fork()
      .getConnection()
      .execute('select 1 from discord_server_configs where guild_id = ?', [id]);
    expect(rows).toHaveLength(0);
  });

  it('saves into the spec columns, empty strings as null, and keeps the guild name for operators', async () => {
    const id = guildId();
    await configs.save(
      id,
      { autoRoleSync: true, boundGroupId: '15567637', logChannel: '987', unverifiedRoleId: '' },
      'My Guild',
    );
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

  it('keeps both of two simultaneous partial saves on a new guild', async () => {
    const id = guildId();
    await Promise.all([configs.save(id, { boundGroupId: '7' }), configs.save(id, { moderatorRoles: ['Mods'] })]);
    expect(await configs.get(id)).toMatchObject({ boundGroupId: '7', moderatorRoles: ['Mods'] });
  });

  it('converts once under the row lock: of two processes converting at once, one writes', async () => {
    const id = guildId();
    await configs.save(id, { moderatorRoles: ['Mods'] });
    const [first, second] = await Promise.all([
      configs.saveConverted(id, { moderatorRoles: ['111'] }),
      configs.saveConverted(id, { moderatorRoles: ['222'] }),
    ]);
    expect([first, second].sort()).toEqual([false, true]);
    expect((await configs.get(id)).moderatorRoles).toHaveLength(1);
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
