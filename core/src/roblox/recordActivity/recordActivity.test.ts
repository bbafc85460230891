import { describe, expect, it } from 'vitest';
import { Forbidden, Invalid, Unauthenticated } from '../../shared/errors.ts';
import type { ActivityEvent } from '../../contracts/roblox.ts';
import type { ActivityLedger, ConnectedGroup } from '../groupPorts.ts';
import { InMemoryConnectedGroups } from '../testing/fakes.ts';
import { RecordActivity } from './recordActivity.ts';

const NOW = new Date('2026-05-01T10:00:00Z');

class RecordingLedger implements Pick<ActivityLedger, 'record'> {
  readonly calls: { groupId: string; events: ActivityEvent[]; now: Date }[] = [];
  async record(groupId: string, events: ActivityEvent[], now: Date) {
    this.calls.push({ groupId, events, now });
    return { started: events.filter((e) => e.event === 'start').length, ended: 0, ignored: 0 };
  }
}

const makeSut = () => {
  const connected = new InMemoryConnectedGroups();
  connected.rows.set('7', { groupId: '7', activityKey: 'secret-key', activityTracking: true } as ConnectedGroup);
  const ledger = new RecordingLedger();
  const sut = new RecordActivity(
    connected,
    ledger as unknown as ActivityLedger,
    { now: () => NOW },
    { bulkMaxEvents: 2 },
  );
  return { sut, ledger, connected };
};

const start: ActivityEvent = { userId: '42', event: 'start', sessionId: 's1' };

describe('RecordActivity', () => {
  it('records with the server clock when the key matches', async () => {
    const { sut, ledger } = makeSut();
    expect(await sut.execute('7', 'secret-key', [start])).toEqual({ accepted: 1, started: 1, ended: 0, ignored: 0 });
    expect(ledger.calls).toEqual([{ groupId: '7', events: [start], now: NOW }]);
  });

  it('refuses a wrong or missing key and an unknown group alike, writing nothing', async () => {
    const { sut, ledger } = makeSut();
    for (const [group, key] of [
      ['7', 'secret-kez'],
      ['7', undefined],
      ['8', 'secret-key'],
      ['7', 'secret-key-longer'],
    ] as const) {
      await expect(sut.execute(group, key, [start])).rejects.toBeInstanceOf(Unauthenticated);
    }
    expect(ledger.calls).toHaveLength(0);
  });

  it('refuses reports over the bulk limit and reports while tracking is off', async () => {
    const { sut, connected } = makeSut();
    await expect(sut.execute('7', 'secret-key', [start, start, start])).rejects.toBeInstanceOf(Invalid);
    connected.rows.get('7')!.activityTracking = false;
    await expect(sut.execute('7', 'secret-key', [start])).rejects.toBeInstanceOf(Forbidden);
  });
});
