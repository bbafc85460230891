import { describe, expect, it } from 'vitest';
import { Conflict, Forbidden, Invalid, Unauthenticated } from '../../shared/errors.ts';
import type { ActivityEvent, ConnectedGroup } from '../groupPorts.ts';
import { InMemoryActivityLedger } from '../testing/activityFakes.ts';
import { InMemoryConnectedGroups } from '../testing/fakes.ts';
import { RecordActivity, REPORT_REPEATED, REPORT_STALE, type ActivityReportInput } from './recordActivity.ts';

const NOW = new Date('2026-05-01T10:00:00Z');
const MAX_AGE_MS = 5 * 60_000;

const DAY_MS = 86_400_000;

const makeSut = () => {
  let now = NOW;
  const connected = new InMemoryConnectedGroups();
  connected.rows.set('7', { groupId: '7', activityKeyPrefix: 'secret-k', activityTracking: true } as ConnectedGroup);
  connected.keys.set('7', 'secret-key');
  const ledger = new InMemoryActivityLedger(DAY_MS);
  const sut = new RecordActivity(
    connected,
    ledger,
    { now: () => now },
    { bulkMaxEvents: 2, reportMaxAgeMs: MAX_AGE_MS },
  );
  /** The group's sessions as a read at NOW sees them. */
  const recorded = () => ledger.sessions('7', NOW, DAY_MS, 10);
  return { sut, recorded, connected, later: (ms: number) => (now = new Date(now.getTime() + ms)) };
};

const start: ActivityEvent = { userId: '42', event: 'start', sessionId: 's1' };
let serial = 0;
const report = (events: ActivityEvent[], sentAt = NOW): ActivityReportInput => ({
  eventId: `event-${(serial += 1)}`,
  sentAt,
  events,
});

describe('RecordActivity', () => {
  it('records with the server clock when the key matches', async () => {
    const { sut, recorded, later } = makeSut();
    later(1000);
    expect(await sut.execute('7', 'secret-key', report([start]))).toEqual({
      accepted: 1,
      started: 1,
      ended: 0,
      ignored: 0,
    });
    expect(await recorded()).toMatchObject([
      { sessionId: 's1', userId: '42', startedAt: new Date(NOW.getTime() + 1000) },
    ]);
  });

  it('refuses a wrong or missing key and an unknown group alike, writing nothing', async () => {
    const { sut, recorded } = makeSut();
    for (const [group, key] of [
      ['7', 'secret-kez'],
      ['7', undefined],
      ['8', 'secret-key'],
      ['7', 'secret-key-longer'],
      ['7', 'secret-k'],
    ] as const) {
      await expect(sut.execute(group, key, report([start]))).rejects.toBeInstanceOf(Unauthenticated);
    }
    expect(await recorded()).toEqual([]);
  });

  it('refuses reports over the bulk limit and reports while tracking is off', async () => {
    const { sut, connected } = makeSut();
    await expect(sut.execute('7', 'secret-key', report([start, start, start]))).rejects.toBeInstanceOf(Invalid);
    connected.rows.get('7')!.activityTracking = false;
    await expect(sut.execute('7', 'secret-key', report([start]))).rejects.toBeInstanceOf(Forbidden);
  });

  it('refuses a captured report replayed: the same eventId is a 409 and writes nothing (issue 23)', async () => {
    const { sut, recorded, later } = makeSut();
    const captured = report([start]);
    await sut.execute('7', 'secret-key', captured);
    const again = { ...captured, events: [{ ...start, sessionId: 's2' }] };
    later(60_000);
    const replay = await sut.execute('7', 'secret-key', again).catch((error: unknown) => error);
    expect(replay).toBeInstanceOf(Conflict);
    expect((replay as Error).message).toBe(REPORT_REPEATED);
    // Kept up to the last instant the report is not stale: then it is refused as stale.
    later(MAX_AGE_MS - 60_000);
    await expect(sut.execute('7', 'secret-key', again)).rejects.toThrow(REPORT_REPEATED);
    later(1);
    await expect(sut.execute('7', 'secret-key', again)).rejects.toThrow(REPORT_STALE);
    expect((await recorded()).map((session) => session.sessionId)).toEqual(['s1']);
  });

  it('refuses a report sent more than the allowed age ago, or as far ahead, with 409 (issue 23)', async () => {
    const { sut, recorded } = makeSut();
    for (const sentAt of [new Date(NOW.getTime() - MAX_AGE_MS - 1), new Date(NOW.getTime() + MAX_AGE_MS + 1)]) {
      const stale = await sut.execute('7', 'secret-key', report([start], sentAt)).catch((error: unknown) => error);
      expect(stale).toBeInstanceOf(Conflict);
      expect((stale as Error).message).toBe(REPORT_STALE);
    }
    expect(await recorded()).toEqual([]);
    await sut.execute('7', 'secret-key', report([start], new Date(NOW.getTime() - MAX_AGE_MS)));
    expect(await recorded()).toHaveLength(1);
  });
});
