/**
 * What every ServerConfigs must do, stated once and run against the in-memory fake (stateFakes.test.ts) and the
 * PostgreSQL adapter (MikroOrmServerConfigs.int.test.ts), so use case tests on the fake prove what production does.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVER_CONFIG, type ServerConfig, type ServerConfigs } from '../serverConfigs.ts';

/** A store holding no configuration yet. */
export type MakeServerConfigs = () => Promise<ServerConfigs>;

const GUILD = '900000000000000001';
const OTHER_GUILD = '900000000000000002';

/** Every field away from its default, nested lists included. */
const FULL: ServerConfig = {
  moderationEnabled: false,
  verificationEnabled: false,
  groupBindingEnabled: false,
  autoRoleSync: true,
  moderatorRoles: ['321', '123'],
  adminRoles: ['654'],
  boundGroupId: '15567637',
  logChannel: '987',
  moderationLogChannel: '456',
  sessionsChannel: '741',
  rankBinds: [
    { rankId: 1, roleId: '111' },
    { rankId: 255, roleId: '222' },
  ],
  verificationRoleId: '789',
  unverifiedRoleId: '790',
  nicknameFormat: '{smart-name}',
  binds: [{ id: 'b1', kind: 'group', groupId: '42', roleIds: ['333', '334'] }],
  restrictions: {
    minAccountAgeDays: 30,
    requireGroupId: '42',
    bannedRobloxIds: [{ robloxId: '5', reason: 'alt account' }],
  },
  verificationChannelId: '852',
  bypassRoleIds: ['963'],
};

export function describeServerConfigsContract(name: string, makeConfigs: MakeServerConfigs): void {
  describe(`${name} keeps the ServerConfigs contract`, () => {
    it('answers the defaults for a guild never configured', async () => {
      const configs = await makeConfigs();
      expect(await configs.get(GUILD)).toEqual(DEFAULT_SERVER_CONFIG);
    });

    it('saves a full configuration, answers it and reads it back', async () => {
      const configs = await makeConfigs();
      expect(await configs.save(GUILD, FULL, 'My Guild')).toEqual(FULL);
      expect(await configs.get(GUILD)).toEqual(FULL);
    });

    it('keeps the defaults for every field a first partial save leaves out', async () => {
      const configs = await makeConfigs();
      expect(await configs.save(GUILD, { boundGroupId: '7' })).toEqual({ ...DEFAULT_SERVER_CONFIG, boundGroupId: '7' });
    });

    it('applies a partial save over what is stored: left-out and undefined fields keep, empty strings clear', async () => {
      const configs = await makeConfigs();
      await configs.save(GUILD, { adminRoles: ['654'], logChannel: '987', sessionsChannel: '741' });
      const after = await configs.save(GUILD, { boundGroupId: '42', logChannel: '', sessionsChannel: undefined });
      expect(after).toEqual({
        ...DEFAULT_SERVER_CONFIG,
        adminRoles: ['654'],
        boundGroupId: '42',
        logChannel: '',
        sessionsChannel: '741',
      });
      expect(await configs.get(GUILD)).toEqual(after);
    });

    it("keeps each guild's configuration to itself", async () => {
      const configs = await makeConfigs();
      await configs.save(GUILD, FULL);
      expect(await configs.get(OTHER_GUILD)).toEqual(DEFAULT_SERVER_CONFIG);
      await configs.save(OTHER_GUILD, { boundGroupId: '1' });
      expect(await configs.get(GUILD)).toEqual(FULL);
    });

    it('hands out copies: changing an answer or the saved changes afterwards changes nothing stored', async () => {
      const configs = await makeConfigs();
      const changes = structuredClone(FULL);
      const saved = await configs.save(GUILD, changes);
      changes.moderatorRoles.push('changed');
      saved.restrictions.bannedRobloxIds.push({ robloxId: '6', reason: 'changed' });
      (await configs.get(GUILD)).binds[0]!.roleIds.push('changed');
      (await configs.get(OTHER_GUILD)).adminRoles.push('changed');
      expect(await configs.get(GUILD)).toEqual(FULL);
      expect(await configs.get(OTHER_GUILD)).toEqual(DEFAULT_SERVER_CONFIG);
    });

    it('needs the name conversion until it ran, whether the guild was configured or not', async () => {
      const configs = await makeConfigs();
      expect(await configs.needsNameConversion(GUILD)).toBe(true);
      await configs.save(GUILD, { moderatorRoles: ['Mods'] });
      expect(await configs.needsNameConversion(GUILD)).toBe(true);
    });

    it('converts once: the first saveConverted applies and records it, a later one writes nothing', async () => {
      const configs = await makeConfigs();
      await configs.save(GUILD, { moderatorRoles: ['Mods'], logChannel: '987' });
      expect(await configs.saveConverted(GUILD, { moderatorRoles: ['111'] })).toBe(true);
      expect(await configs.needsNameConversion(GUILD)).toBe(false);
      expect(await configs.saveConverted(GUILD, { moderatorRoles: ['222'] })).toBe(false);
      expect(await configs.get(GUILD)).toEqual({
        ...DEFAULT_SERVER_CONFIG,
        moderatorRoles: ['111'],
        logChannel: '987',
      });
      expect(await configs.needsNameConversion(OTHER_GUILD)).toBe(true);
    });

    it('converts a guild never configured over the defaults', async () => {
      const configs = await makeConfigs();
      expect(await configs.saveConverted(GUILD, { adminRoles: ['654'] })).toBe(true);
      expect(await configs.get(GUILD)).toEqual({ ...DEFAULT_SERVER_CONFIG, adminRoles: ['654'] });
      expect(await configs.needsNameConversion(GUILD)).toBe(false);
    });

    it('stays converted through later saves', async () => {
      const configs = await makeConfigs();
      await configs.saveConverted(GUILD, {});
      await configs.save(GUILD, { moderatorRoles: ['333'] });
      expect(await configs.needsNameConversion(GUILD)).toBe(false);
    });
  });
}
