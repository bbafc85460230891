import type { ActivityLedger, ActivityReceipt, ActivitySessionEntry } from '@groupflow/core';
import type { ActivityEvent } from '@groupflow/core/contracts';
import type { Orm } from '../database.ts';

/** Seconds of a session that count: its length up to `now` (or its end), less the idle time the game reported. */
const countedSeconds = (alias = '') =>
  `greatest(0, extract(epoch from (coalesce(${alias}ended_at, ?::timestamptz) - ${alias}started_at)) - ${alias}idle_seconds)`;

/**
 * activity_sessions in plain SQL: a report is a handful of set-based statements whatever its size (a bulk end of
 * a shutting-down server is one UPDATE), so many game servers can report at once. Events travel as one JSON
 * parameter unpacked by jsonb_to_recordset.
 */
export class PostgresActivityLedger implements ActivityLedger {
  readonly #orm: Orm;
  readonly #windowMs: number;
  readonly #receiptSweepMs: number;
  #lastReceiptSweep = 0;

  /**
   * `windowMs`: how far back the per-game summary looks; `receiptSweepMs`: expired report receipts are deleted at
   * most this often (ACTIVITY_RECEIPT_SWEEP_SECONDS).
   */
  constructor(orm: Orm, windowMs: number, receiptSweepMs: number) {
    this.#orm = orm;
    this.#windowMs = windowMs;
    this.#receiptSweepMs = receiptSweepMs;
  }

  /** Receipts past their time are never read again (a stale report is refused before); they only take room. */
  async #sweepReceipts(now: Date): Promise<void> {
    if (now.getTime() - this.#lastReceiptSweep < this.#receiptSweepMs) return;
    this.#lastReceiptSweep = now.getTime();
    await this.#orm.em
      .getConnection()
      .execute('delete from activity_report_receipts where expires_at <= ?::timestamptz', [now.toISOString()]);
  }

  #closeOverdue(groupId: string, now: Date, capMs: number) {
    return this.#orm.em.getConnection().execute(
      `update activity_sessions set ended_at = started_at + (? * interval '1 millisecond'), closed_by = 'cap'
       where group_id = ? and ended_at is null and started_at < ?::timestamptz - (? * interval '1 millisecond')`,
      [capMs, groupId, now.toISOString(), capMs],
    );
  }

  /**
   * The cap is applied by the reads (and a new start supersedes), so a report costs no extra statement beyond its
   * receipt. The receipt comes first in the transaction: a repeated eventId writes nothing, and of two copies of
   * one report arriving at once the second waits on the first's row and then finds it.
   */
  async record(groupId: string, events: ActivityEvent[], now: Date, receipt: ActivityReceipt) {
    const at = now.toISOString();
    const starts = events.filter((event) => event.event === 'start');
    const ends = events.filter((event) => event.event === 'end');
    // The last event of a player in this report says whether they are in the game now.
    const players = new Map<string, { username: string | null; online: boolean }>();
    for (const event of events) {
      players.set(event.userId, {
        username: event.username ?? players.get(event.userId)?.username ?? null,
        online: event.event === 'start',
      });
    }
    const result = await this.#orm.em.transactional(async (em) => {
      const run = (sql: string, params: unknown[]) =>
        em.getConnection().execute<{ id: number }[]>(sql, params, 'all', em.getTransactionContext());
      // An expired receipt of the same eventId is a new report reusing it (its copy would be refused as stale).
      const fresh = await run(
        `insert into activity_report_receipts (group_id, event_id, expires_at) values (?, ?, ?::timestamptz)
         on conflict (group_id, event_id) do update set expires_at = excluded.expires_at
           where activity_report_receipts.expires_at <= ?::timestamptz
         returning 1 as id`,
        [groupId, receipt.eventId, receipt.keepUntil.toISOString(), at],
      );
      if (fresh.length === 0) return null;
      let started = 0;
      let ended = 0;
      if (starts.length) {
        const rows = starts.map((event) => ({ s: event.sessionId, u: event.userId, p: event.placeId ?? null }));
        // A player is in one game at a time: a new start closes what they left open elsewhere.
        await run(
          `update activity_sessions set ended_at = ?::timestamptz, closed_by = 'superseded'
           where group_id = ? and ended_at is null
             and roblox_user_id in (select u from jsonb_to_recordset(?::jsonb) as t(s text, u text))
             and session_id not in (select s from jsonb_to_recordset(?::jsonb) as t(s text, u text))`,
          [at, groupId, JSON.stringify(rows), JSON.stringify(rows)],
        );
        started = (
          await run(
            `insert into activity_sessions (group_id, session_id, roblox_user_id, place_id, started_at)
             select distinct on (s) ?, s, u, p, ?::timestamptz from jsonb_to_recordset(?::jsonb) as t(s text, u text, p text)
             on conflict (group_id, session_id) do nothing returning id`,
            [groupId, at, JSON.stringify(rows)],
          )
        ).length;
      }
      if (ends.length) {
        const rows = ends.map((event) => ({ s: event.sessionId, u: event.userId, i: event.idleSeconds ?? 0 }));
        ended = (
          await run(
            `update activity_sessions a set ended_at = ?::timestamptz, closed_by = 'game', idle_seconds = t.i
             from (select distinct on (s) s, u, i from jsonb_to_recordset(?::jsonb) as r(s text, u text, i int)) t
             where a.group_id = ? and a.session_id = t.s and a.roblox_user_id = t.u and a.ended_at is null
             returning a.id`,
            [at, JSON.stringify(rows), groupId],
          )
        ).length;
      }
      // Sorted, so concurrent reports lock member rows in the same order and never deadlock.
      const members = [...players]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([u, player]) => ({ u, n: player.username, o: player.online }));
      await run(
        `insert into group_members (group_id, user_id, username, tracked_at, is_online, last_online, created_at, updated_at)
         select ?, u, coalesce(n, 'User ' || u), ?::timestamptz, o, ?::timestamptz, ?::timestamptz, ?::timestamptz
         from jsonb_to_recordset(?::jsonb) as t(u text, n text, o boolean)
         on conflict (group_id, user_id) do update set
           username = case when excluded.username = 'User ' || excluded.user_id then group_members.username else excluded.username end,
           tracked_at = coalesce(group_members.tracked_at, excluded.tracked_at),
           is_online = excluded.is_online, last_online = excluded.last_online, updated_at = excluded.updated_at`,
        [groupId, at, at, at, at, JSON.stringify(members)],
      );
      return { started, ended, ignored: events.length - started - ended };
    });
    await this.#sweepReceipts(now);
    return result;
  }

  async #read<T>(groupId: string, now: Date, capMs: number, sql: string, params: unknown[]): Promise<T[]> {
    await this.#closeOverdue(groupId, now, capMs);
    return this.#orm.em.getConnection().execute<T[]>(sql, params);
  }

  async summary(groupId: string, now: Date, capMs: number, limit: number) {
    const at = now.toISOString();
    const rows = await this.#read<{
      place_id: string | null;
      players: string;
      active: string;
      sessions: string;
      seconds: string;
      last: Date;
    }>(
      groupId,
      now,
      capMs,
      `select place_id, count(distinct roblox_user_id) as players,
              count(distinct roblox_user_id) filter (where ended_at is null) as active,
              count(*) as sessions, sum(${countedSeconds()}) as seconds,
              max(coalesce(ended_at, started_at)) as last
       from activity_sessions
       where group_id = ? and coalesce(ended_at, ?::timestamptz) >= ?::timestamptz - (? * interval '1 millisecond')
       group by place_id order by last desc limit ?`,
      [at, groupId, at, at, this.#windowMs, limit],
    );
    return rows.map((row) => ({
      placeId: row.place_id,
      playerCount: Number(row.players),
      activePlayers: Number(row.active),
      sessionCount: Number(row.sessions),
      minutes: Math.floor(Number(row.seconds) / 60),
      lastActivityAt: new Date(row.last),
    }));
  }

  async sessions(groupId: string, now: Date, capMs: number, limit: number): Promise<ActivitySessionEntry[]> {
    const rows = await this.#read<{
      id: number;
      session_id: string;
      roblox_user_id: string;
      username: string | null;
      place_id: string | null;
      started_at: Date;
      ended_at: Date | null;
      seconds: string;
      closed_by: ActivitySessionEntry['closedBy'];
    }>(
      groupId,
      now,
      capMs,
      `select a.id, a.session_id, a.roblox_user_id, m.username, a.place_id, a.started_at, a.ended_at, a.closed_by,
              ${countedSeconds('a.')} as seconds
       from activity_sessions a left join group_members m on m.group_id = a.group_id and m.user_id = a.roblox_user_id
       where a.group_id = ? order by a.started_at desc, a.id desc limit ?`,
      [now.toISOString(), groupId, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      sessionId: row.session_id,
      userId: row.roblox_user_id,
      username: row.username ?? `User ${row.roblox_user_id}`,
      placeId: row.place_id,
      startedAt: new Date(row.started_at),
      endedAt: row.ended_at ? new Date(row.ended_at) : null,
      minutes: Math.floor(Number(row.seconds) / 60),
      closedBy: row.closed_by,
    }));
  }

  async figures(groupId: string, now: Date, capMs: number, dayStart: Date) {
    const at = now.toISOString();
    const day = dayStart.toISOString();
    const [row] = await this.#read<{
      tracked: string;
      active: string;
      today: string;
      seconds: string | null;
      last: Date | null;
    }>(
      groupId,
      now,
      capMs,
      `select (select count(*) from group_members where group_id = ? and tracked_at is not null) as tracked,
              count(distinct roblox_user_id) filter (where ended_at is null) as active,
              count(*) filter (where started_at >= ?::timestamptz) as today,
              sum(greatest(0, extract(epoch from (coalesce(ended_at, ?::timestamptz) - greatest(started_at, ?::timestamptz)))
                  - case when started_at >= ?::timestamptz then idle_seconds else 0 end)) as seconds,
              (select max(coalesce(ended_at, started_at)) from activity_sessions where group_id = ?) as last
       from activity_sessions where group_id = ? and (ended_at is null or ended_at >= ?::timestamptz)`,
      [groupId, day, at, day, day, groupId, groupId, day],
    );
    return {
      trackedMembers: Number(row!.tracked),
      activeStaff: Number(row!.active),
      sessionsToday: Number(row!.today),
      minutesToday: Math.floor(Number(row!.seconds ?? 0) / 60),
      lastActivityAt: row!.last ? new Date(row!.last) : null,
    };
  }
}
