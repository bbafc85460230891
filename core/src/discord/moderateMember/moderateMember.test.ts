import { describe, expect, it } from 'vitest';
import { DiscordRefused, type GuildMember } from '../botPorts.ts';
import { InMemoryActivityLog, InMemoryDiscord, makeGuild, setConfig } from '../testing/fakes.ts';
import { NOW, caller } from '../testing/makeBot.ts';
import { InMemoryServerConfigs } from '../testing/stateFakes.ts';
import { MAX_TIMEOUT_MINUTES, ModerateMember, type ModerationRequest } from './moderateMember.ts';

const member = (id: string, roleIds: string[] = []): GuildMember => ({
  id,
  username: id === 'u1' ? 'alice' : id,
  globalName: null,
  nick: null,
  roleIds,
});

/** Guild g1: moderators m1 and m2 (role r-mod at 5, below the bot's 10), member u1, boss above the bot, owner. */
function makeSut() {
  const configs = setConfig(new InMemoryServerConfigs(), 'g1', {
    moderatorRoles: ['r-mod'],
    moderationLogChannel: 'c-log',
  });
  const discord = new InMemoryDiscord().addGuild(makeGuild());
  for (const [id, roles] of [
    ['u1', []],
    ['m1', ['r-mod']],
    ['m2', ['r-mod']],
    ['boss', ['r-leader']],
    ['owner', []],
  ] as const)
    discord.addMember('g1', member(id, [...roles]));
  const activities = new InMemoryActivityLog();
  const sut = new ModerateMember({ configs, discord, activities, clock: { now: () => NOW } });
  const moderate = (request: Partial<ModerationRequest> = {}) =>
    sut.execute({
      action: 'kick',
      guildId: 'g1',
      caller: caller('m1'),
      targetUserId: 'u1',
      reason: 'spam',
      ...request,
    });
  return { moderate, configs, discord, activities };
}

describe('ModerateMember', () => {
  it('kicks with the reason and the moderator in the audit reason, posts to the log channel, records an activity', async () => {
    const { moderate, discord, activities } = makeSut();
    await expect(moderate({ reason: '  spam  ' })).resolves.toBe('Kicked alice. Reason: spam');
    expect(discord.calls).toEqual([
      { action: 'kick', guildId: 'g1', userId: 'u1', detail: 'spam (by m1)' },
      { action: 'message', channelId: 'c-log', detail: '**Kicked** <@u1> (alice) by <@m1>. Reason: spam' },
    ]);
    expect(activities.entries).toEqual([
      {
        type: 'moderation_kick',
        description: 'Kicked alice. Reason: spam (server Test Guild, by m1)',
        metadata: { guildId: 'g1', targetUserId: 'u1', moderatorId: 'm1', reason: 'spam' },
      },
    ]);
  });

  it('warns without touching the member, and says "No reason given" when none was', async () => {
    const { moderate, discord, activities } = makeSut();
    await expect(moderate({ action: 'warn', reason: ' ' })).resolves.toBe('Warned alice. Reason: No reason given');
    expect(discord.calls.map((call) => call.action)).toEqual(['message']);
    expect(activities.entries[0]).toMatchObject({ type: 'moderation_warn', metadata: { reason: 'No reason given' } });
  });

  it('mutes until now plus the minutes and records them; one minute is singular', async () => {
    const { moderate, discord, activities } = makeSut();
    await expect(moderate({ action: 'mute', minutes: 1 })).resolves.toBe('Muted alice for 1 minute. Reason: spam');
    expect(discord.calls[0]).toEqual({
      action: 'timeout',
      guildId: 'g1',
      userId: 'u1',
      detail: { until: new Date(NOW.getTime() + 60_000), reason: 'spam (by m1)' },
    });
    expect(activities.entries[0]?.metadata).toMatchObject({ minutes: 1 });
    await expect(moderate({ action: 'mute', minutes: MAX_TIMEOUT_MINUTES })).resolves.toContain(
      `for ${MAX_TIMEOUT_MINUTES} minutes`,
    );
  });

  it.each([0, MAX_TIMEOUT_MINUTES + 1, 1.5, undefined])('refuses a mute of %s minutes', async (minutes) => {
    const { moderate, discord, activities } = makeSut();
    await expect(moderate({ action: 'mute', minutes })).resolves.toBe(
      `Mute for 1 to ${MAX_TIMEOUT_MINUTES} minutes (Discord's limit is 28 days).`,
    );
    expect(discord.calls).toEqual([]);
    expect(activities.entries).toEqual([]);
  });

  it('bans a user who is not in the server by id; the other actions need a member', async () => {
    const { moderate, discord } = makeSut();
    await expect(moderate({ action: 'ban', targetUserId: 'left' })).resolves.toBe('Banned <@left>. Reason: spam');
    expect(discord.calls[0]).toMatchObject({ action: 'ban', userId: 'left' });
    await expect(moderate({ action: 'kick', targetUserId: 'left' })).resolves.toBe(
      'That user is not a member of this server.',
    );
    expect(discord.calls.filter((call) => call.action === 'kick')).toEqual([]);
  });

  it("takes the action's Discord permission in place of a moderator role", async () => {
    const { moderate, discord } = makeSut();
    const holder = caller('m9', { roleIds: ['r-officer'], permissions: ['BanMembers'] });
    await expect(moderate({ action: 'kick', caller: holder })).resolves.toBe(
      'You need a moderator or admin role of this server, or the Kick Members permission, to use /kick.',
    );
    await expect(moderate({ action: 'ban', caller: holder })).resolves.toBe('Banned alice. Reason: spam');
    expect(discord.calls.map((call) => call.action)).toEqual(['ban', 'message']);
  });

  it('refuses everything while moderation is turned off for the server', async () => {
    const { moderate, configs, discord } = makeSut();
    setConfig(configs, 'g1', { moderationEnabled: false });
    await expect(moderate({ action: 'warn' })).resolves.toBe(
      'Moderation is turned off for this server. An admin can turn it on in the GroupFlow dashboard.',
    );
    expect(discord.calls).toEqual([]);
  });

  it('says which permission the bot lacks before acting; a warning needs none', async () => {
    const { moderate, discord } = makeSut();
    discord.guilds.get('g1')!.botPermissions = ['SendMessages'];
    await expect(moderate({ action: 'mute', minutes: 5 })).resolves.toBe(
      'I need the Timeout Members permission to mute members. Ask an admin to give it to the GroupFlow role.',
    );
    expect(discord.calls).toEqual([]);
    await expect(moderate({ action: 'warn' })).resolves.toBe('Warned alice. Reason: spam');
  });

  it.each([
    ['oneself', { targetUserId: 'm1' }, 'You cannot kick yourself.'],
    ['the server owner', { targetUserId: 'owner' }, 'The server owner cannot be kicked.'],
    [
      "a member whose highest role is at or above the bot's",
      { targetUserId: 'boss', caller: caller('owner') },
      'I cannot kick boss: their highest role is at or above mine. Move the GroupFlow role above it in Server Settings → Roles.',
    ],
    ['a peer of the same role', { targetUserId: 'm2' }, 'You cannot kick m2: their highest role is at or above yours.'],
  ])('refuses to act on %s', async (_label, request, answer) => {
    const { moderate, discord, activities } = makeSut();
    await expect(moderate(request)).resolves.toBe(answer);
    expect(discord.calls).toEqual([]);
    expect(activities.entries).toEqual([]);
  });

  it("lets the server owner act on a member above their own (empty) roles; a warning ignores the bot's place", async () => {
    const { moderate } = makeSut();
    await expect(moderate({ caller: caller('owner'), targetUserId: 'm2' })).resolves.toBe('Kicked m2. Reason: spam');
    await expect(moderate({ action: 'warn', caller: caller('owner'), targetUserId: 'boss' })).resolves.toBe(
      'Warned boss. Reason: spam',
    );
  });

  it('explains an action Discord refuses and records nothing', async () => {
    const { moderate, discord, activities } = makeSut();
    discord.kick = () => Promise.reject(new DiscordRefused('Missing Permissions'));
    await expect(moderate()).resolves.toBe(
      'Discord refused to let me kick alice: check that the GroupFlow role has the Kick Members permission and sits above their highest role.',
    );
    expect(activities.entries).toEqual([]);
  });

  it('still acts and records when the log channel is gone or refuses, and says so', async () => {
    const { moderate, configs, discord, activities } = makeSut();
    setConfig(configs, 'g1', { moderationLogChannel: 'c-deleted' });
    await expect(moderate()).resolves.toBe(
      'Kicked alice. Reason: spam\nThe moderation log channel no longer exists in this server: choose another in Configure Server on the GroupFlow dashboard.',
    );
    setConfig(configs, 'g1', { moderationLogChannel: 'c-log' });
    discord.sendMessage = () => Promise.reject(new DiscordRefused('Missing Access'));
    await expect(moderate()).resolves.toBe(
      'Kicked alice. Reason: spam\nI could not post to #mod-log: give the GroupFlow role the Send Messages permission there.',
    );
    expect(discord.calls.map((call) => call.action)).toEqual(['kick', 'kick']);
    expect(activities.entries).toHaveLength(2);
  });

  it('answers a guild the bot has left', async () => {
    const { moderate } = makeSut();
    await expect(moderate({ guildId: 'gone' })).resolves.toBe('GroupFlow is not in this server any more.');
  });
});
