/** An in-memory ActivityLedger that keeps activityLedgerContract.ts, as PostgresActivityLedger does. */
import type {
  ActivityEvent,
  ActivityFigures,
  ActivityLedger,
  ActivityReceipt,
  ActivitySessionEntry,
  ActivitySummary,
} from '../groupPorts.ts';

type ClosedBy = ActivitySessionEntry['closedBy'];

interface StoredSession {
  id: number;
  groupId: string;
  sessionId: string;
  userId: string;
  placeId: string | null;
  startedAt: Date;
  endedAt: Date | null;
  idleSeconds: number;
  closedBy: ClosedBy;
}

const SECOND_MS = 1000;
const MINUTE_SECONDS = 60;
const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);

/** Seconds of a session that count: its length up to `now` (or its end) from `from`, less `idleSeconds`. */
const countedSeconds = (session: StoredSession, now: Date, from: Date, idleSeconds: number) =>
  Math.max(0, ((session.endedAt ?? now).getTime() - from.getTime()) / SECOND_MS - idleSeconds);

export class InMemoryActivityLedger implements ActivityLedger {
  readonly #windowMs: number;
  readonly #sessions: StoredSession[] = [];
  /** `${groupId}/${userId}` → the player's name as a game last reported it; null while none did. */
  readonly #tracked = new Map<string, string | null>();
  /** `${groupId}/${eventId}` → keepUntil. */
  readonly #receipts = new Map<string, Date>();
  #nextId = 1;

  /** `windowMs`: how far back the per-game summary looks. */
  constructor(windowMs: number) {
    this.#windowMs = windowMs;
  }

  async record(groupId: string, events: ActivityEvent[], now: Date, receipt: ActivityReceipt) {
    const receiptKey = `${groupId}/${receipt.eventId}`;
    const kept = this.#receipts.get(receiptKey);
    if (kept !== undefined && kept.getTime() > now.getTime()) return null;
    this.#receipts.set(receiptKey, receipt.keepUntil);
    const starts = events.filter((event) => event.event === 'start');
    const ends = events.filter((event) => event.event === 'end');
    const startedIds = new Set(starts.map((event) => event.sessionId));
    const startingPlayers = new Set(starts.map((event) => event.userId));
    for (const session of this.#of(groupId))
      if (session.endedAt === null && startingPlayers.has(session.userId) && !startedIds.has(session.sessionId))
        Object.assign(session, { endedAt: now, closedBy: 'superseded' });
    let started = 0;
    for (const event of starts) {
      if (this.#find(groupId, event.sessionId)) continue;
      this.#sessions.push({
        id: this.#nextId++,
        groupId,
        sessionId: event.sessionId,
        userId: event.userId,
        placeId: event.placeId ?? null,
        startedAt: now,
        endedAt: null,
        idleSeconds: 0,
        closedBy: null,
      });
      started += 1;
    }
    let ended = 0;
    for (const event of ends) {
      const session = this.#find(groupId, event.sessionId);
      if (!session || session.userId !== event.userId || session.endedAt !== null) continue;
      Object.assign(session, { endedAt: now, closedBy: 'game', idleSeconds: event.idleSeconds ?? 0 });
      ended += 1;
    }
    for (const event of events) {
      const key = `${groupId}/${event.userId}`;
      this.#tracked.set(key, event.username ?? this.#tracked.get(key) ?? null);
    }
    return { started, ended, ignored: events.length - started - ended };
  }

  async summary(groupId: string, now: Date, capMs: number, limit: number): Promise<ActivitySummary[]> {
    const since = now.getTime() - this.#windowMs;
    const places = new Map<string | null, StoredSession[]>();
    for (const session of this.#read(groupId, now, capMs))
      if ((session.endedAt ?? now).getTime() >= since)
        places.set(session.placeId, [...(places.get(session.placeId) ?? []), session]);
    return [...places]
      .map(([placeId, sessions]) => ({
        placeId,
        playerCount: new Set(sessions.map((session) => session.userId)).size,
        activePlayers: new Set(sessions.filter((s) => s.endedAt === null).map((session) => session.userId)).size,
        sessionCount: sessions.length,
        minutes: Math.floor(
          sessions.reduce((sum, s) => sum + countedSeconds(s, now, s.startedAt, s.idleSeconds), 0) / MINUTE_SECONDS,
        ),
        lastActivityAt: new Date(Math.max(...sessions.map((s) => (s.endedAt ?? s.startedAt).getTime()))),
      }))
      .sort((a, b) => b.lastActivityAt.getTime() - a.lastActivityAt.getTime())
      .slice(0, limit);
  }

  async sessions(groupId: string, now: Date, capMs: number, limit: number): Promise<ActivitySessionEntry[]> {
    return this.#read(groupId, now, capMs)
      .sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime() || b.id - a.id)
      .slice(0, limit)
      .map((session) => ({
        id: session.id,
        sessionId: session.sessionId,
        userId: session.userId,
        username: this.#tracked.get(`${groupId}/${session.userId}`) ?? `User ${session.userId}`,
        placeId: session.placeId,
        startedAt: session.startedAt,
        endedAt: session.endedAt,
        minutes: Math.floor(countedSeconds(session, now, session.startedAt, session.idleSeconds) / MINUTE_SECONDS),
        closedBy: session.closedBy,
      }));
  }

  async figures(groupId: string, now: Date, capMs: number, dayStart: Date): Promise<ActivityFigures> {
    const all = this.#read(groupId, now, capMs);
    const today = all.filter((session) => session.endedAt === null || session.endedAt >= dayStart);
    const startedToday = (session: StoredSession) => session.startedAt >= dayStart;
    const seconds = today.reduce(
      (sum, s) => sum + countedSeconds(s, now, later(s.startedAt, dayStart), startedToday(s) ? s.idleSeconds : 0),
      0,
    );
    return {
      trackedMembers: [...this.#tracked.keys()].filter((key) => key.startsWith(`${groupId}/`)).length,
      activeStaff: new Set(today.filter((s) => s.endedAt === null).map((session) => session.userId)).size,
      sessionsToday: today.filter(startedToday).length,
      minutesToday: Math.floor(seconds / MINUTE_SECONDS),
      lastActivityAt: all.length
        ? new Date(Math.max(...all.map((session) => (session.endedAt ?? session.startedAt).getTime())))
        : null,
    };
  }

  #of(groupId: string): StoredSession[] {
    return this.#sessions.filter((session) => session.groupId === groupId);
  }

  #find(groupId: string, sessionId: string): StoredSession | undefined {
    return this.#sessions.find((session) => session.groupId === groupId && session.sessionId === sessionId);
  }

  /** The group's sessions (copies), after closing those left open longer than the cap at start + cap. */
  #read(groupId: string, now: Date, capMs: number): StoredSession[] {
    for (const session of this.#of(groupId))
      if (session.endedAt === null && session.startedAt.getTime() < now.getTime() - capMs)
        Object.assign(session, { endedAt: new Date(session.startedAt.getTime() + capMs), closedBy: 'cap' });
    return this.#of(groupId).map((session) => structuredClone(session));
  }
}
