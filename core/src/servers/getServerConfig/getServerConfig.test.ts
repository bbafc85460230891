import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVER_CONFIG } from '../../discord/serverConfigs.ts';
import { serverConfigWorld, recorded } from '../testing/serverConfig.ts';

describe('GetServerConfig', () => {
  it('answers the defaults with no roles or channels before the bot reported the guild, then what a manager saved', async () => {
    const { get, save } = serverConfigWorld();
    // Binds and restrictions have routes of their own (issue 35).
    const { binds: _binds, restrictions: _restrictions, ...settings } = DEFAULT_SERVER_CONFIG;
    expect(await get.execute(1, '10')).toEqual({ ...settings, roles: [], channels: [] });
    const saved = await save.execute(1, '10', { ...DEFAULT_SERVER_CONFIG, boundGroupId: '42' });
    expect(saved).toMatchObject({ boundGroupId: '42' });
    expect(await get.execute(1, '10')).toEqual(saved);
  });

  it("answers the guild's roles highest first with elevated, assignable and the hierarchy problem, and its channels", async () => {
    const { get, directory } = serverConfigWorld();
    await recorded(directory);
    const { roles, channels } = await get.execute(1, '10');
    expect(roles.map((entry) => entry.name)).toEqual([
      'Leader',
      'GroupFlow',
      'Moderators',
      'Officer',
      'Member',
      'Verified',
      'Unverified',
      'Twin',
      'twin',
    ]);
    expect(roles[0]).toMatchObject({ id: 'r-leader', elevated: true, assignable: false });
    expect(roles[0]!.problem).toContain("at or above the bot's highest role");
    expect(roles[1]).toMatchObject({ managed: true, assignable: false, problem: 'it is managed by an integration' });
    expect(roles[2]).toMatchObject({ id: 'r-mod', elevated: true, assignable: true, problem: null });
    expect(channels).toEqual([
      { id: 'c-log', name: 'mod-log', type: 'text' },
      { id: 'c-news', name: 'news', type: 'text' },
    ]);
  });
});
