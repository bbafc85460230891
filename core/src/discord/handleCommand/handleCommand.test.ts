import { describe, expect, it } from 'vitest';
import { RecordingReplies, setConfig } from '../testing/fakes.ts';
import { caller, command, makeBot, NOW } from '../testing/makeBot.ts';

async function run(bot: ReturnType<typeof makeBot>, request: ReturnType<typeof command>) {
  const replies = new RecordingReplies();
  await bot.handler.execute(request, replies);
  return replies;
}

describe('HandleCommand', () => {
  it('defers ephemerally before anything else, then edits in the answer, and counts the command', async () => {
    const bot = makeBot();
    const replies = await run(bot, command('verify', caller('u1')));
    expect(replies.sent[0]).toEqual({ kind: 'defer', ephemeral: true });
    expect(replies.sent).toHaveLength(2);
    expect(replies.lastText).toBe(
      'Verified as alice_rbx (Member).\nRoles added: Member, Verified\nRoles removed: none\nNickname: alice_rbx',
    );
    expect(await bot.state.commandsUsedSince(NOW)).toEqual(new Map([['g1', 1]]));
  });

  it('/verify for an unlinked member answers with the link; for an unproven one says what is missing', async () => {
    const bot = makeBot();
    expect((await run(bot, command('verify', caller('m1')))).lastText).toContain('https://groupflow.test/verify');
    bot.accounts.accounts.set('m1', { robloxId: '8', isVerified: false });
    const text = (await run(bot, command('verify', caller('m1')))).lastText;
    expect(text).toContain('not proven yet');
    expect(text).toContain('https://groupflow.test/verify');
  });

  it('refuses every command of a banned account, naming the reason, and changes no role', async () => {
    const bot = makeBot();
    bot.accounts.accounts.set('u1', { robloxId: '7', isVerified: true, isBanned: true, bannedReason: 'Scam links' });
    bot.accounts.accounts.set('m1', { robloxId: null, isVerified: false, isBanned: true, bannedReason: 'Raids' });
    const verify = await run(bot, command('verify', caller('u1')));
    expect(verify.lastText).toBe(
      'Your GroupFlow account is banned: Scam links. GroupFlow commands are not available to you. To appeal, open a support ticket on the GroupFlow website.',
    );
    // A banned moderator's /kick is refused too: a ban is of the account, not of one command.
    const kick = await run(bot, command('kick', caller('m1'), { member: { userId: 'x9' }, reason: 'spam' }));
    expect(kick.lastText).toContain('Your GroupFlow account is banned: Raids.');
    expect(bot.discord.calls).toEqual([]);
    expect(bot.activities.entries).toEqual([]);
  });

  it("/update by an admin of a banned member's roles changes nothing and says why", async () => {
    const bot = makeBot();
    bot.accounts.accounts.set('u1', { robloxId: '7', isVerified: true, isBanned: true, bannedReason: 'Scam links' });
    const replies = await run(
      bot,
      command('update', caller('m1', { permissions: ['ManageGuild'] }), { member: { userId: 'u1' } }),
    );
    expect(replies.lastText).toBe("alice's GroupFlow account is banned, so I give them no roles.");
    expect(bot.discord.calls).toEqual([]);
  });

  it('/update of another member needs admin rights', async () => {
    const bot = makeBot();
    const refused = await run(bot, command('update', caller('m1'), { member: { userId: 'u1' } }));
    expect(refused.lastText).toContain('Only admins');
    expect(bot.discord.calls).toEqual([]);
    const done = await run(
      bot,
      command('update', caller('m1', { permissions: ['ManageGuild'] }), { member: { userId: 'u1' } }),
    );
    expect(done.lastText).toContain('Updated alice as alice_rbx');
  });

  it('/kick by a moderator role (matched by name) kicks, posts to the log channel and records an activity', async () => {
    const bot = makeBot();
    const replies = await run(bot, command('kick', caller('m1'), { member: { userId: 'u1' }, reason: 'spam' }));
    expect(replies.lastText).toBe('Kicked alice. Reason: spam');
    expect(bot.discord.calls).toEqual([
      { action: 'kick', guildId: 'g1', userId: 'u1', detail: 'spam (by m1)' },
      { action: 'message', channelId: 'c-log', detail: '**Kicked** <@u1> (alice) by <@m1>. Reason: spam' },
    ]);
    expect(bot.activities.entries[0]).toMatchObject({
      type: 'moderation_kick',
      metadata: { targetUserId: 'u1', moderatorId: 'm1' },
    });
  });

  it('/mute times out for the given minutes', async () => {
    const bot = makeBot();
    await run(bot, command('mute', caller('m1'), { member: { userId: 'u1' }, minutes: 15 }));
    expect(bot.discord.calls[0]).toEqual({
      action: 'timeout',
      guildId: 'g1',
      userId: 'u1',
      detail: { until: new Date(NOW.getTime() + 15 * 60_000), reason: 'No reason given (by m1)' },
    });
  });

  it('refuses, with a reason, a caller without rights, a bot without the permission, and a target above the bot', async () => {
    const bot = makeBot();
    expect((await run(bot, command('ban', caller('u1'), { member: { userId: 'm1' } }))).lastText).toContain(
      'Ban Members permission, to use /ban',
    );
    bot.discord.guilds.get('g1')!.botPermissions = ['ManageRoles'];
    expect((await run(bot, command('ban', caller('m1'), { member: { userId: 'u1' } }))).lastText).toBe(
      'I need the Ban Members permission to ban members. Ask an admin to give it to the GroupFlow role.',
    );
    bot.discord.guilds.get('g1')!.botPermissions = ['BanMembers'];
    const owner = caller('owner', { roleIds: [] });
    expect((await run(bot, command('ban', owner, { member: { userId: 'boss' } }))).lastText).toContain(
      'at or above mine',
    );
    expect(
      (await run(bot, command('ban', caller('u1', { permissions: ['BanMembers'] }), { member: { userId: 'm1' } })))
        .lastText,
    ).toContain('at or above yours');
    expect(bot.discord.calls).toEqual([]);
    expect(bot.activities.entries).toEqual([]);
  });

  it('/bind-group for admins only, digits only, and it changes the configuration and starts a server-wide sync', async () => {
    const bot = makeBot();
    expect((await run(bot, command('bind-group', caller('m1'), { group_id: '99' }))).lastText).toContain(
      'Manage Server',
    );
    const admin = caller('m1', { permissions: ['ManageGuild'] });
    expect((await run(bot, command('bind-group', admin, { group_id: '9x' }))).lastText).toBe('Invalid group ID format');
    expect(bot.syncJobs.enqueued).toEqual([]);
    expect((await run(bot, command('bind-group', admin, { group_id: ' 42 ' }))).lastText).not.toContain('removed');
    expect((await bot.configs.get('g1')).rankBinds).toHaveLength(1);
    // The same group again changes no one's roles: no sync.
    expect(bot.syncJobs.enqueued).toEqual([]);
    // Another group: its rank numbers mean other people, so the binds of the old one go, and everyone is synced.
    expect((await run(bot, command('bind-group', admin, { group_id: ' 99 ' }))).lastText).toContain(
      'The rank binds of the previous group were removed.',
    );
    expect(await bot.configs.get('g1')).toMatchObject({ boundGroupId: '99', rankBinds: [] });
    expect(bot.syncJobs.enqueued).toEqual(['g1']);
    await run(bot, command('bind-group', admin, { group_id: '99' }));
    expect(bot.syncJobs.enqueued).toEqual(['g1']);
  });

  it('/announce posts and stores the announcement for an admin role', async () => {
    const bot = makeBot();
    setConfig(bot.configs, 'g1', { adminRoles: ['r-mod'] });
    const replies = await run(bot, command('announce', caller('m1'), { channel: 'news', message: 'Event at 5' }));
    expect(replies.lastText).toBe('Announcement posted in #news.');
    expect(bot.discord.calls).toEqual([{ action: 'message', channelId: 'c-news', detail: 'Event at 5' }]);
    expect(bot.announcements.stored).toEqual([
      { title: 'Announcement in Test Guild #news', message: 'Event at 5', createdBy: 'm1' },
    ]);
  });

  it('answers with an apology, not silence, when a use case fails, and still surfaces the error', async () => {
    const bot = makeBot();
    bot.discord.guild = () => Promise.reject(new Error('down'));
    const replies = new RecordingReplies();
    await expect(
      bot.handler.execute(command('kick', caller('m1'), { member: { userId: 'u1' } }), replies),
    ).rejects.toThrow('down');
    expect(replies.lastText).toContain('Something went wrong while running /kick');
  });
});
