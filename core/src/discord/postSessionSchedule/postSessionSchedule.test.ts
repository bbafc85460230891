import { describe, expect, it } from 'vitest';
import { InMemorySessionChannels, InMemorySessions } from '../../roblox/testing/sessionFakes.ts';
import { DiscordRefused } from '../botPorts.ts';
import { PostSessionSchedule } from './postSessionSchedule.ts';

class RecordingChannels {
  readonly sent: { channelId: string; content: string }[] = [];
  async sendMessage(channelId: string, content: string) {
    if (channelId === 'c-locked') throw new DiscordRefused('Missing Permissions');
    this.sent.push({ channelId, content });
  }
}

async function makeSut() {
  const sessions = new InMemorySessions();
  const created = await sessions.add(
    '7',
    { title: 'Patrol', type: 'patrol', startsAt: new Date('2026-11-27T18:00:00Z'), durationMinutes: 30, slots: 5 },
    1,
  );
  const channels = new InMemorySessionChannels();
  channels.channels.set('7', ['c-one', 'c-locked', 'c-two']);
  const discord = new RecordingChannels();
  const sut = new PostSessionSchedule({ sessions, channels, discord });
  const job = { groupId: '7', sessionId: created.id, startsAt: '2026-11-27T18:00:00.000Z' };
  return { sut, sessions, discord, job };
}

describe('PostSessionSchedule', () => {
  it("posts the session as it is now to every bound server's sessions channel, past a channel Discord refuses", async () => {
    const { sut, sessions, discord, job } = await makeSut();
    await sessions.setHost('7', job.sessionId, 'host', { userId: '42', username: 'Host' });
    await sessions.signup('7', job.sessionId, { userId: '44', username: 'Member' });
    expect(await sut.execute({ ...job, post: 'scheduled' })).toEqual({
      posted: ['c-one', 'c-two'],
      refused: [{ channelId: 'c-locked', reason: 'Missing Permissions' }],
    });
    expect(discord.sent.map((message) => message.content)).toEqual([
      '**New session: Patrol** (patrol) <t:1795802400:F> (<t:1795802400:R>), 30 minutes. Host: Host. 4 of 5 slots open.',
      '**New session: Patrol** (patrol) <t:1795802400:F> (<t:1795802400:R>), 30 minutes. Host: Host. 4 of 5 slots open.',
    ]);
    await sessions.setHost('7', job.sessionId, 'co-host', { userId: '43', username: 'Co' });
    await sut.execute({ ...job, post: 'reminder' });
    expect(discord.sent.at(-1)!.content).toBe(
      '**Reminder: Patrol** (patrol) starts <t:1795802400:R>, 30 minutes. Host: Host, co-host: Co. 4 of 5 slots open.',
    );
  });

  it('posts nothing for a session moved or gone since the job was queued', async () => {
    const { sut, discord, job } = await makeSut();
    expect(await sut.execute({ ...job, startsAt: '2026-11-28T18:00:00.000Z', post: 'reminder' })).toBeNull();
    expect(await sut.execute({ ...job, sessionId: 9, post: 'scheduled' })).toBeNull();
    expect(discord.sent).toEqual([]);
  });
});
