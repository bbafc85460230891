import { describe, expect, it } from 'vitest';
import { DiscordRefused, type DiscordPermission } from '../botPorts.ts';
import { InMemoryAnnouncements, InMemoryDiscord, makeGuild, setConfig } from '../testing/fakes.ts';
import { caller } from '../testing/makeBot.ts';
import { InMemoryServerConfigs } from '../testing/stateFakes.ts';
import { Announce } from './announce.ts';

/** Guild g1 whose admin role is the fixture's Moderators role (r-mod), which m1 holds. */
function makeSut() {
  const configs = setConfig(new InMemoryServerConfigs(), 'g1', { adminRoles: ['r-mod'] });
  const discord = new InMemoryDiscord().addGuild(makeGuild());
  const announcements = new InMemoryAnnouncements();
  const sut = new Announce({ configs, discord, announcements });
  const announce = (request: { channel?: string; message?: string; from?: ReturnType<typeof caller> } = {}) =>
    sut.execute({
      guildId: 'g1',
      caller: request.from ?? caller('m1'),
      channel: request.channel ?? 'news',
      message: request.message ?? 'Event at 5',
    });
  return { sut, announce, discord, announcements };
}

describe('Announce', () => {
  it('posts the trimmed message in the channel and stores it with where it went and who posted it', async () => {
    const { announce, discord, announcements } = makeSut();
    await expect(announce({ channel: '#News', message: '  Event at 5 \n' })).resolves.toBe(
      'Announcement posted in #news.',
    );
    expect(discord.calls).toEqual([{ action: 'message', channelId: 'c-news', detail: 'Event at 5' }]);
    expect(announcements.stored).toEqual([
      { title: 'Announcement in Test Guild #news', message: 'Event at 5', createdBy: 'm1' },
    ]);
  });

  it('cuts the stored title to the 255 characters its column holds', async () => {
    const { sut, discord, announcements } = makeSut();
    discord.guilds.get('g1')!.name = 'G'.repeat(300);
    await sut.execute({ guildId: 'g1', caller: caller('m1'), channel: 'news', message: 'Hi' });
    expect(announcements.stored[0]!.title).toBe(`Announcement in ${'G'.repeat(300)} #news`.slice(0, 255));
    expect(announcements.stored[0]!.title).toHaveLength(255);
  });

  it.each<[string, DiscordPermission[]]>([
    ['the Manage Server permission', ['ManageGuild']],
    ['Administrator', ['Administrator']],
  ])('lets a member with %s post without an admin role', async (_label, permissions) => {
    const { announce, announcements } = makeSut();
    await announce({ from: caller('u1', { permissions }) });
    expect(announcements.stored).toHaveLength(1);
  });

  it('refuses a member with neither an admin role nor Manage Server, posting and storing nothing', async () => {
    const { announce, discord, announcements } = makeSut();
    await expect(announce({ from: caller('u1', { permissions: ['KickMembers'] }) })).resolves.toBe(
      'You need an admin role of this server or the Manage Server permission to post announcements.',
    );
    expect(discord.calls).toEqual([]);
    expect(announcements.stored).toEqual([]);
  });

  it.each([
    ['an empty message', { message: '   ' }, 'The announcement is empty.'],
    ['a channel not in the server', { channel: 'elsewhere' }, 'That channel is not in this server.'],
  ])('refuses %s, posting and storing nothing', async (_label, request, answer) => {
    const { announce, discord, announcements } = makeSut();
    await expect(announce(request)).resolves.toBe(answer);
    expect(discord.calls).toEqual([]);
    expect(announcements.stored).toEqual([]);
  });

  it('says so when the bot lacks Send Messages, before trying', async () => {
    const { announce, discord, announcements } = makeSut();
    discord.guilds.get('g1')!.botPermissions = ['ManageRoles'];
    await expect(announce()).resolves.toBe('I need the Send Messages permission to post announcements.');
    expect(discord.calls).toEqual([]);
    expect(announcements.stored).toEqual([]);
  });

  it('explains a channel Discord refuses, and stores no announcement that was never posted', async () => {
    const { announce, discord, announcements } = makeSut();
    discord.sendMessage = () => Promise.reject(new DiscordRefused('Missing Permissions'));
    await expect(announce()).resolves.toBe(
      'Discord refused to let me post in #news: give the GroupFlow role the Send Messages permission there.',
    );
    expect(announcements.stored).toEqual([]);
  });

  it('lets any other failure of Discord through, storing nothing', async () => {
    const { announce, discord, announcements } = makeSut();
    discord.sendMessage = () => Promise.reject(new Error('socket hang up'));
    await expect(announce()).rejects.toThrow('socket hang up');
    expect(announcements.stored).toEqual([]);
  });

  it('answers a guild the bot has left', async () => {
    const { sut, announcements } = makeSut();
    await expect(sut.execute({ guildId: 'gone', caller: caller('m1'), channel: 'news', message: 'Hi' })).resolves.toBe(
      'GroupFlow is not in this server any more.',
    );
    expect(announcements.stored).toEqual([]);
  });
});
