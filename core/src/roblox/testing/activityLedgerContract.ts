/**
 * What every ActivityLedger must do, as RecordActivity, ReadGroupActivity, ListActivitySessions and ReadGroupStats
 * rely on it: stated once and run against the in-memory fake (activityFakes.test.ts) and the PostgreSQL adapter
 * (PostgresActivityLedger.int.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { ActivityEvent, ActivityLedger } from '../groupPorts.ts';

/** An empty ledger whose per-game summary looks `windowMs` back. */
export type MakeActivityLedger = (windowMs: number) => Promise<ActivityLedger>;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const WINDOW_MS = 24 * HOUR_MS;
const CAP_MS = 6 * HOUR_MS;
const KEEP_MS = 5 * MINUTE_MS;
const GROUP = '7';
const OTHER_GROUP = '8';
const T0 = new Date('2026-03-02T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

const start = (userId: string, sessionId: string, more: Partial<ActivityEvent> = {}): ActivityEvent => ({
  userId,
  event: 'start',
  sessionId,
  ...more,
});
const end = (userId: string, sessionId: string, more: Partial<ActivityEvent> = {}): ActivityEvent => ({
  userId,
  event: 'end',
  sessionId,
  ...more,
});

export function describeActivityLedgerContract(name: string, makeLedger: MakeActivityLedger): void {
  describe(`${name} keeps the ActivityLedger contract`, () => {
    let reports = 0;
    /** One report with an eventId of its own, kept a few minutes, as RecordActivity sends it. */
    const report = (ledger: ActivityLedger, events: ActivityEvent[], now: Date, groupId = GROUP) =>
      ledger.record(groupId, events, now, {
        eventId: `e-${(reports += 1)}`,
        keepUntil: new Date(now.getTime() + KEEP_MS),
      });
    const sessionsOf = async (ledger: ActivityLedger, now: Date, groupId = GROUP) =>
      (await ledger.sessions(groupId, now, CAP_MS, 50)).map(({ id: _id, ...session }) => session);

    it('starts sessions at `now`, lists them newest first, and names players as reported or by id', async () => {
      const ledger = await makeLedger(WINDOW_MS);
      expect(await report(ledger, [start('1', 's1', { placeId: '99', username: 'Ann' })], T0)).toEqual({
        started: 1,
        ended: 0,
        ignored: 0,
      });
      await report(ledger, [start('2', 's2')], at(MINUTE_MS));
      expect(await sessionsOf(ledger, at(10 * MINUTE_MS))).toEqual([
        {
          sessionId: 's2',
          userId: '2',
          username: 'User 2',
          placeId: null,
          startedAt: at(MINUTE_MS),
          endedAt: null,
          minutes: 9,
          closedBy: null,
        },
        {
          sessionId: 's1',
          userId: '1',
          username: 'Ann',
          placeId: '99',
          startedAt: T0,
          endedAt: null,
          minutes: 10,
          closedBy: null,
        },
      ]);
    });

    it('ends a session at `now`, less the idle time; a repeated, unknown or foreign end is ignored', async () => {
      const ledger = await makeLedger(WINDOW_MS);
      await report(ledger, [start('1', 's1')], T0);
      expect(
        await report(
          ledger,
          [end('1', 's1', { idleSeconds: 150 }), end('1', 'unknown'), end('2', 's1')],
          at(20 * MINUTE_MS),
        ),
      ).toEqual({ started: 0, ended: 1, ignored: 2 });
      expect(await report(ledger, [end('1', 's1')], at(30 * MINUTE_MS))).toEqual({ started: 0, ended: 0, ignored: 1 });
      expect(await sessionsOf(ledger, at(HOUR_MS))).toMatchObject([
        { sessionId: 's1', endedAt: at(20 * MINUTE_MS), minutes: 17, closedBy: 'game' },
      ]);
    });

    it('ignores a repeated start, in the same report or a later one, changing nothing', async () => {
      const ledger = await makeLedger(WINDOW_MS);
      expect(await report(ledger, [start('1', 's1'), start('1', 's1')], T0)).toEqual({
        started: 1,
        ended: 0,
        ignored: 1,
      });
      expect(await report(ledger, [start('1', 's1', { placeId: '5' })], at(MINUTE_MS))).toEqual({
        started: 0,
        ended: 0,
        ignored: 1,
      });
      expect(await sessionsOf(ledger, at(2 * MINUTE_MS))).toMatchObject([
        { sessionId: 's1', startedAt: T0, placeId: null, endedAt: null },
      ]);
    });

    it("closes a player's other open session when they start a new one, and no one else's", async () => {
      const ledger = await makeLedger(WINDOW_MS);
      await report(ledger, [start('1', 'old'), start('2', 'theirs')], T0);
      await report(ledger, [start('1', 'new')], at(5 * MINUTE_MS));
      expect(await sessionsOf(ledger, at(6 * MINUTE_MS))).toMatchObject([
        { sessionId: 'new', endedAt: null, closedBy: null },
        { sessionId: 'theirs', endedAt: null, closedBy: null },
        { sessionId: 'old', endedAt: at(5 * MINUTE_MS), closedBy: 'superseded', minutes: 5 },
      ]);
    });

    it('takes a stay started and ended within one report', async () => {
      const ledger = await makeLedger(WINDOW_MS);
      expect(await report(ledger, [start('1', 's1'), end('1', 's1')], T0)).toEqual({
        started: 1,
        ended: 1,
        ignored: 0,
      });
      expect(await sessionsOf(ledger, at(MINUTE_MS))).toMatchObject([
        { sessionId: 's1', startedAt: T0, endedAt: T0, closedBy: 'game', minutes: 0 },
      ]);
    });

    it("keeps each group's sessions, session ids and players to itself", async () => {
      const ledger = await makeLedger(WINDOW_MS);
      await report(ledger, [start('1', 's1', { username: 'Ann' })], T0, GROUP);
      await report(ledger, [start('1', 's1', { username: 'Anna' })], at(MINUTE_MS), OTHER_GROUP);
      await report(ledger, [start('1', 's2')], at(2 * MINUTE_MS), OTHER_GROUP);
      expect(await sessionsOf(ledger, at(3 * MINUTE_MS))).toMatchObject([
        { sessionId: 's1', username: 'Ann', endedAt: null },
      ]);
      expect(await sessionsOf(ledger, at(3 * MINUTE_MS), OTHER_GROUP)).toMatchObject([
        { sessionId: 's2', username: 'Anna', endedAt: null },
        { sessionId: 's1', username: 'Anna', closedBy: 'superseded' },
      ]);
      expect(await ledger.figures('9', at(3 * MINUTE_MS), CAP_MS, T0)).toEqual({
        trackedMembers: 0,
        activeStaff: 0,
        sessionsToday: 0,
        minutesToday: 0,
        lastActivityAt: null,
      });
    });

    it('keeps the name a game last reported; a report without one keeps it', async () => {
      const ledger = await makeLedger(WINDOW_MS);
      await report(ledger, [start('1', 's1')], T0);
      await report(ledger, [end('1', 's1', { username: 'Ann' })], at(MINUTE_MS));
      await report(ledger, [start('1', 's2')], at(2 * MINUTE_MS));
      expect((await sessionsOf(ledger, at(3 * MINUTE_MS))).map((session) => session.username)).toEqual(['Ann', 'Ann']);
    });

    it('refuses a report whose eventId is kept, writing nothing; takes it from keepUntil on and in other groups', async () => {
      const ledger = await makeLedger(WINDOW_MS);
      const keepUntil = at(KEEP_MS);
      expect(await ledger.record(GROUP, [start('1', 's1')], T0, { eventId: 'e', keepUntil })).not.toBeNull();
      expect(
        await ledger.record(GROUP, [start('2', 's2', { username: 'Bo' })], at(KEEP_MS - 1), {
          eventId: 'e',
          keepUntil,
        }),
      ).toBeNull();
      expect((await sessionsOf(ledger, at(MINUTE_MS))).map((session) => session.sessionId)).toEqual(['s1']);
      expect((await ledger.figures(GROUP, at(MINUTE_MS), CAP_MS, T0)).trackedMembers).toBe(1);
      expect(await ledger.record(OTHER_GROUP, [start('1', 's1')], T0, { eventId: 'e', keepUntil })).not.toBeNull();
      expect(
        await ledger.record(GROUP, [start('2', 's2')], keepUntil, { eventId: 'e', keepUntil: at(2 * KEEP_MS) }),
      ).toEqual({ started: 1, ended: 0, ignored: 0 });
    });

    it('closes, on every read, sessions left open longer than the cap at start + cap', async () => {
      const ledger = await makeLedger(WINDOW_MS);
      await report(ledger, [start('1', 'lost')], T0);
      await report(ledger, [start('2', 'within')], at(MINUTE_MS));
      const now = at(CAP_MS + MINUTE_MS);
      expect(await ledger.figures(GROUP, now, CAP_MS, T0)).toMatchObject({ activeStaff: 1 });
      expect(await sessionsOf(ledger, now)).toMatchObject([
        { sessionId: 'within', endedAt: null, closedBy: null, minutes: CAP_MS / MINUTE_MS },
        { sessionId: 'lost', endedAt: at(CAP_MS), closedBy: 'cap', minutes: CAP_MS / MINUTE_MS },
      ]);
      // A later end of a capped session finds it closed.
      expect(await report(ledger, [end('1', 'lost')], now)).toEqual({ started: 0, ended: 0, ignored: 1 });
    });

    it('answers at most `limit` sessions, the newest first', async () => {
      const ledger = await makeLedger(WINDOW_MS);
      for (const [index, id] of ['a', 'b', 'c'].entries()) await report(ledger, [start(id, id)], at(index * MINUTE_MS));
      expect((await ledger.sessions(GROUP, at(HOUR_MS), CAP_MS, 2)).map((session) => session.sessionId)).toEqual([
        'c',
        'b',
      ]);
    });

    it('sums each game over the window: players, players in now, sessions, minutes and last activity, latest first', async () => {
      const ledger = await makeLedger(WINDOW_MS);
      await report(ledger, [start('1', 'gone', { placeId: '10' })], at(-WINDOW_MS - 2 * HOUR_MS));
      await report(ledger, [end('1', 'gone')], at(-WINDOW_MS - HOUR_MS));
      await report(ledger, [start('1', 'a', { placeId: '10' }), start('2', 'b', { placeId: '10' })], T0);
      await report(ledger, [end('1', 'a', { idleSeconds: 30 })], at(10 * MINUTE_MS));
      await report(ledger, [start('1', 'c', { placeId: '10' })], at(20 * MINUTE_MS));
      await report(ledger, [start('3', 'd')], at(25 * MINUTE_MS));
      await report(ledger, [end('3', 'd')], at(26 * MINUTE_MS));
      const now = at(30 * MINUTE_MS);
      // Place 10: a 10 min less 30 s idle, b 30 min, c 10 min: 49.5 minutes.
      expect(await ledger.summary(GROUP, now, CAP_MS, 10)).toEqual([
        {
          placeId: null,
          playerCount: 1,
          activePlayers: 0,
          sessionCount: 1,
          minutes: 1,
          lastActivityAt: at(26 * MINUTE_MS),
        },
        {
          placeId: '10',
          playerCount: 2,
          activePlayers: 2,
          sessionCount: 3,
          minutes: 49,
          lastActivityAt: at(20 * MINUTE_MS),
        },
      ]);
      expect((await ledger.summary(GROUP, now, CAP_MS, 1)).map((row) => row.placeId)).toEqual([null]);
      expect(await ledger.summary(OTHER_GROUP, now, CAP_MS, 10)).toEqual([]);
    });

    it("figures the day: players tracked, in now, sessions started and minutes played since the day's start", async () => {
      const ledger = await makeLedger(WINDOW_MS);
      const dayStart = at(2 * HOUR_MS);
      await report(ledger, [start('1', 'yesterday')], T0);
      await report(ledger, [end('1', 'yesterday')], at(HOUR_MS));
      await report(ledger, [start('2', 'overnight')], at(90 * MINUTE_MS));
      await report(ledger, [end('3', 'never started')], at(90 * MINUTE_MS));
      await report(ledger, [start('4', 'today')], at(2 * HOUR_MS + 10 * MINUTE_MS));
      await report(ledger, [end('4', 'today', { idleSeconds: 120 })], at(2 * HOUR_MS + 40 * MINUTE_MS));
      const now = at(3 * HOUR_MS);
      // overnight: 60 min since the day's start (its idle time before it not known); today: 30 min less 2 idle.
      expect(await ledger.figures(GROUP, now, CAP_MS, dayStart)).toEqual({
        trackedMembers: 4,
        activeStaff: 1,
        sessionsToday: 1,
        minutesToday: 88,
        lastActivityAt: at(2 * HOUR_MS + 40 * MINUTE_MS),
      });
    });
  });
}
