import { describe, expect, it } from 'vitest';
import { InMemoryBotState } from '../../discord/testing/stateFakes.ts';
import { FixedClock } from '../../staff/testing/fakes.ts';
import { BotPresenceServiceCheck } from './coreChecks.ts';

const WINDOW_MS = 30_000;

describe('BotPresenceServiceCheck', () => {
  it('is unknown before the bot ever connects, operational while it reports in, down once it falls silent', async () => {
    const bot = new InMemoryBotState();
    const clock = new FixedClock(new Date('2026-03-10T12:00:00Z'));
    const check = new BotPresenceServiceCheck(bot, clock, WINDOW_MS);
    expect(await check.check()).toMatchObject({ status: 'unknown' });

    await bot.reportOnline({ shardId: 0, botUserId: '1', botName: 'GroupFlow' }, clock.now());
    await bot.replaceGuilds(0, [
      { id: '10', name: 'One', icon: null, memberCount: 5, joinedAt: clock.now() },
      { id: '11', name: 'Two', icon: null, memberCount: 7, joinedAt: clock.now() },
    ]);
    expect(await check.check()).toMatchObject({ status: 'operational', detail: 'Online in 2 servers' });

    clock.advance(WINDOW_MS + 1);
    expect(await check.check()).toMatchObject({ status: 'down', detail: 'No bot heartbeat in the last 30 s' });
  });
});
