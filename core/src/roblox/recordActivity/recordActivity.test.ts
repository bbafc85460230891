import { describe, expect, it } from 'vitest';
import { Conflict, Forbidden, Invalid, Unauthenticated } from '../../shared/errors.ts';
import type { ActivityEvent } from '../groupPorts.ts';
import type { ActivityLedger, ActivityReceipt, ConnectedGroup } from '../groupPorts.ts';
import { InMemoryConnectedGroups } from '../testing/fakes.ts';
import { RecordActivity, REPORT_REPEATED, REPORT_STALE, type ActivityReportInput } from './recordActivity.ts';

const NOW = new Date('2026-05-01T10:00:00Z');
const MAX_AGE_MS = 5 * 60_000;

/** Keeps receipts as the real ledger does: a kept eventId writes nothing and answers null. */
class RecordingLedger implements Pick<ActivityLedger, 'record'> {
  readonly calls: { groupId: string; events: ActivityEvent[]; now: Date }[] = [];
  readonly receipts = new Map<string, Date>();
  async record(groupId: string, events: ActivityEvent[], now: Date, receipt: ActivityReceipt) {
    const kept = this.receipts.get(`${groupId}/${receipt.eventId}`);
    if (kept && kept > now) return null;
    this.receipts.set(`${groupId}/${receipt.eventId}`, receipt.keepUntil);
    this.calls.push({ groupId, events, now });
    return { started: events.filter((e) => e.event === 'start').length, ended: 0, ignored: 0 };
  }
}

const makeSut = () => {
  let now = NOW;
  const connected = new InMemoryConnectedGroups();
  connected.rows.set('7', { groupId: '7', activityKeyPrefix: 'secret-k', activityTracking: true } as ConnectedGroup);
  connected.keys.set('7', 'secret-key');
  const ledger = new RecordingLedger();
  const sut = new RecordActivity(
    connected,
    ledger as unknown as ActivityLedger,
    { now: () => now },
    { bulkMaxEvents: 2, reportMaxAgeMs: MAX_AGE_MS },
  );
  return { sut, ledger, connected, later: (ms: number) => (now = new Date(now.getTime() + ms)) };
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
    const { sut, ledger } = makeSut();
    expect(await sut.execute('7', 'secret-key', report([start]))).toEqual({
      accepted: 1,
      started: 1,
      ended: 0,
      ignored: 0,
    });
    expect(ledger.calls).toEqual([{ groupId: '7', events: [start], now: NOW }]);
  });

  it('refuses a wrong or missing key and an unknown group alike, writing nothing', async () => {
    const { sut, ledger } = makeSut();
    for (const [group, key] of [
      ['7', 'secret-kez'],
      ['7', undefined],
      ['8', 'secret-key'],
      ['7', 'secret-key-longer'],
      ['7', 'secret-k'],
    ] as const) {
      await expect(sut.execute(group, key, report([start]))).rejects.toBeInstanceOf(Unauthenticated);
    }
    expect(ledger.calls).toHaveLength(0);
  });

  it('refuses reports over the bulk limit and reports while tracking is off', async () => {
    const { sut, connected } = makeSut();
    await expect(sut.execute('7', 'secret-key', report([start, start, start]))).rejects.toBeInstanceOf(Invalid);
    connected.rows.get('7')!.activityTracking = false;
    await expect(sut.execute('7', 'secret-key', report([start]))).rejects.toBeInstanceOf(Forbidden);
  });

  it('refuses a captured report replayed: the same eventId is a 409 and writes nothing (issue 23)', async () => {
    const { sut, ledger, later } = makeSut();
    const captured = report([start]);
    await sut.execute('7', 'secret-key', captured);
    later(60_000);
    const replay = await sut.execute('7', 'secret-key', captured).catch((error: unknown) => error);
    expect(replay).toBeInstanceOf(Conflict);
    expect((replay as Error).message).toBe(REPORT_REPEATED);
    expect(ledger.calls).toHaveLength(1);
    // The receipt is kept until the report would be stale anyway.
    expect(ledger.receipts.get(`7/${captured.eventId}`)).toEqual(new Date(NOW.getTime() + MAX_AGE_MS));
  });

  it('refuses a report sent more than the allowed age ago, or as far ahead, with 409 (issue 23)', async () => {
    const { sut, ledger } = makeSut();
    for (const sentAt of [new Date(NOW.getTime() - MAX_AGE_MS - 1), new Date(NOW.getTime() + MAX_AGE_MS + 1)]) {
      const stale = await sut.execute('7', 'secret-key', report([start], sentAt)).catch((error: unknown) => error);
      expect(stale).toBeInstanceOf(Conflict);
      expect((stale as Error).message).toBe(REPORT_STALE);
    }
    expect(ledger.calls).toHaveLength(0);
    await sut.execute('7', 'secret-key', report([start], new Date(NOW.getTime() - MAX_AGE_MS)));
    expect(ledger.calls).toHaveLength(1);
  });
});
