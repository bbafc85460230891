import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bits, FakeDiscord, type FakeGuild } from '@groupflow/adapters/testing/FakeDiscord';
import { FakeRobloxServer } from '@groupflow/adapters/testing/FakeRobloxServer';
import { loadConfig } from '../config.ts';
import { smokeLive } from './smokeLive.ts';

const GROUP = '7';
const GROUP_KEY = 'smoke-group-key';

describe('npm run smoke:live', () => {
  const discord = new FakeDiscord();
  const roblox = new FakeRobloxServer();
  let guild: FakeGuild;

  beforeAll(async () => {
    await Promise.all([discord.start(), roblox.start()]);
    guild = discord.addGuild({ name: 'Smoke', ownerId: '1', botPermissions: bits('ManageRoles'), botRolePosition: 5 });
    discord.addRole(guild, 'Verified', 2);
    discord.putMember(guild, { username: 'alice' });
    roblox.addUser({ id: '101', name: 'GroupOwner' });
    roblox.addGroup({
      id: GROUP,
      name: 'Smoke group',
      description: '',
      ownerId: '101',
      memberCount: 1,
      roles: [
        { id: '70', name: 'Member', rank: 1 },
        { id: '71', name: 'Owner', rank: 255 },
      ],
    });
    roblox.join('101', GROUP, '71');
    roblox.addCloudKey(GROUP_KEY, { groupIds: [GROUP] });
  });
  afterAll(() => Promise.all([discord.stop(), roblox.stop()]));

  /** The product's settings pointed at the fakes, as a test of any adapter has them. */
  const run = async (env: Record<string, string>) => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DISCORD_BASE_URL: discord.url,
      ROBLOX_API_BASE: roblox.apiBase,
      ROBLOX_OPEN_CLOUD_BASE: roblox.url,
      ...env,
    });
    const lines: string[] = [];
    const exitCode = await smokeLive(config, (line) => lines.push(line));
    return { exitCode, lines };
  };
  const discordCredentials = () => ({ DISCORD_BOT_TOKEN: discord.token, SMOKE_DISCORD_GUILD_ID: guild.id });
  const robloxCredentials = { SMOKE_ROBLOX_OPEN_CLOUD_KEY: GROUP_KEY, SMOKE_ROBLOX_GROUP_ID: GROUP };

  it('without credentials says what it skipped and exits 0, asking nothing of either platform', async () => {
    const before = discord.requests.length + roblox.requests.length;
    const { exitCode, lines } = await run({ DISCORD_BOT_TOKEN: discord.token });
    expect(lines).toEqual([
      'smoke:live: Discord skipped (set DISCORD_BOT_TOKEN and SMOKE_DISCORD_GUILD_ID)',
      'smoke:live: Roblox skipped (set SMOKE_ROBLOX_OPEN_CLOUD_KEY and SMOKE_ROBLOX_GROUP_ID)',
    ]);
    expect(exitCode).toBe(0);
    expect(discord.requests.length + roblox.requests.length).toBe(before);
  });

  it('reads both platforms through the product code and holds every exchange to the documents', async () => {
    const image = new URL(roblox.url).host;
    const { exitCode, lines } = await run({ ...discordCredentials(), ...robloxCredentials });
    expect(lines).toEqual([
      'GET discord.com/api/v10/users/@me  200  valid',
      'GET discord.com/api/v10/guilds/{guild_id}/roles  200  valid',
      'GET discord.com/api/v10/guilds/{guild_id}/members  200  valid',
      'POST apis.roblox.com/api-keys/v1/introspect  200  valid',
      'GET apis.roblox.com/cloud/v2/groups/{group_id}/roles  200  valid',
      'GET apis.roblox.com/cloud/v2/groups/{group_id}/roles  200  valid',
      'GET apis.roblox.com/cloud/v2/groups/{group_id}/memberships  200  valid',
      'GET groups.roblox.com/v1/groups/{groupId}  200  valid',
      'GET groups.roblox.com/v1/groups/{groupId}/roles  200  valid',
      'GET apis.roblox.com/cloud/v2/groups/{group_id}/memberships  200  valid',
      'GET groups.roblox.com/v2/users/{userId}/groups/roles  200  valid',
      'GET users.roblox.com/v1/users/{userId}  200  valid',
      'POST users.roblox.com/v1/usernames/users  200  valid',
      'GET thumbnails.roblox.com/v1/users/avatar-headshot  200  valid',
      `GET ${image} (image)  200  valid`,
      'smoke:live: 15 exchanges valid',
    ]);
    expect(exitCode).toBe(0);
    // Read-only: no member edit, no rank change.
    expect(roblox.assignedRoles).toEqual([]);
    expect(discord.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('exits 1 on an answer the document does not describe, naming the operation and what is wrong', async () => {
    // A role without its name, which Discord's document requires.
    const nameless = discord.addRole(guild, 'Nameless', 3);
    delete (nameless as Partial<typeof nameless>).name;
    try {
      const { exitCode, lines } = await run(discordCredentials());
      expect(lines[0]).toBe('smoke:live: Roblox skipped (set SMOKE_ROBLOX_OPEN_CLOUD_KEY and SMOKE_ROBLOX_GROUP_ID)');
      expect(lines.filter((line) => line.includes('INVALID'))).toEqual([
        expect.stringMatching(/^GET discord\.com\/api\/v10\/guilds\/\{guild_id\}\/roles {2}200 {2}INVALID: .*name/),
      ]);
      expect(lines.at(-1)).toBe('smoke:live failed: 1 of 3 exchanges invalid, 0 steps failed');
      expect(exitCode).toBe(1);
    } finally {
      guild.roles.splice(guild.roles.indexOf(nameless), 1);
      // The fake saw its own wrong answer too; taken out once seen, so stopping it judges only the other tests.
      expect(discord.contractViolations.splice(0)).toEqual([
        expect.objectContaining({ operation: 'GET discord.com/api/v10/guilds/{guild_id}/roles' }),
      ]);
    }
  });

  it('exits 1 when a platform refuses a call, with the step that failed', async () => {
    const { exitCode, lines } = await run({ ...robloxCredentials, SMOKE_ROBLOX_OPEN_CLOUD_KEY: 'revoked-key' });
    expect(lines).toContain('POST apis.roblox.com/api-keys/v1/introspect  401  valid');
    expect(lines).toContain(
      'FAILED Roblox: the key accepted as the group ranking key: Open Cloud refused this API key (wrong, expired or disabled)',
    );
    expect(lines.at(-1)).toMatch(/^smoke:live failed: 0 of \d+ exchanges invalid, [1-9]\d* steps failed$/);
    expect(exitCode).toBe(1);
  });
});
