import { describe, expect, it } from 'vitest';
import { setConfig } from '../../discord/testing/fakes.ts';
import { Forbidden } from '../../shared/errors.ts';
import { MEMBER, makeGuild } from '../testing/fakes.ts';
import { NOW } from '../testing/world.ts';
import { recorded, serverConfigWorld } from '../testing/serverConfig.ts';

/** Guild 10 with a rank bind and a rank range of group 42; member 2 (Discord 1002) proved Roblox account 555, rank 3. */
async function setUp() {
  const world = serverConfigWorld();
  await recorded(world.directory);
  setConfig(world.world.configs, '10', {
    boundGroupId: '42',
    rankBinds: [{ rankId: 3, roleId: 'r-member' }],
    binds: [{ id: 'b1', kind: 'rankRange', groupId: '42', minRank: 5, maxRank: 10, roleIds: ['r-officer'] }],
    verificationRoleId: 'r-verified',
    unverifiedRoleId: 'r-unverified',
  });
  const guilds = [makeGuild('10', MEMBER)];
  world.world.customer(2, guilds);
  await world.world.lists.replace(2, guilds, NOW);
  world.accounts.accounts.set('1002', { robloxId: '555', robloxUsername: 'Ben', isVerified: true });
  world.roblox.users.set('555', { id: '555', name: 'Ben', displayName: 'Benny', description: '' });
  world.roblox.roles.set('555', [{ groupId: '42', groupName: 'Cafe', roleId: 'x3', roleName: 'Barista', rank: 3 }]);
  return world;
}

const ids = (roles: { id: string }[]) => roles.map((role) => role.id);

describe('PreviewServerBinds', () => {
  it("gives a proven member their binds' roles and nickname, and names what a sync would take", async () => {
    const { preview } = await setUp();
    const answer = await preview.execute(1, '10', { discordUserId: '1002' });
    expect(answer).toMatchObject({ robloxId: '555', restricted: null, nickname: 'Ben', skipped: [] });
    expect(ids(answer.adding)).toEqual(['r-member', 'r-verified']);
    expect(ids(answer.removing)).toEqual(['r-officer', 'r-unverified']);
  });

  it('gives a restricted member the unverified role only, with the reason', async () => {
    const world = await setUp();
    setConfig(world.world.configs, '10', {
      restrictions: {
        minAccountAgeDays: 0,
        requireGroupId: null,
        bannedRobloxIds: [{ robloxId: '555', reason: 'alt' }],
      },
    });
    const answer = await world.preview.execute(1, '10', { discordUserId: '1002' });
    expect(answer.restricted).toMatch(/banned from verifying here: alt/);
    expect(ids(answer.adding)).toEqual(['r-unverified']);
    expect(ids(answer.removing)).toEqual(['r-member', 'r-officer', 'r-verified']);
    expect(answer.nickname).toBeNull();
  });

  it("never shows the Roblox account of someone who is not in the manager's server", async () => {
    const world = await setUp();
    // Customer 3 proved Roblox account 777 and belongs to another server only.
    const elsewhere = [makeGuild('11', MEMBER)];
    world.world.customer(3, elsewhere);
    await world.world.lists.replace(3, elsewhere, NOW);
    world.accounts.accounts.set('1003', { robloxId: '777', robloxUsername: 'Secret', isVerified: true });
    world.roblox.users.set('777', { id: '777', name: 'Secret', displayName: 'Secret', description: '' });
    const answer = await world.preview.execute(1, '10', { discordUserId: '1003' });
    expect(answer).toMatchObject({ robloxId: null, nickname: null });
    expect(ids(answer.adding)).toEqual(['r-unverified']);
  });

  it('refuses a customer who does not manage the server', async () => {
    const { preview } = await setUp();
    await expect(preview.execute(1, '11', { discordUserId: '1002' })).rejects.toBeInstanceOf(Forbidden);
  });
});
