import type { MemberFigures, MemberTotals } from '@groupflow/core';
import type { Orm } from '../database.ts';

/**
 * Per-member figures of a window in one statement: in-game minutes from activity_sessions (a session's part inside
 * the window; one still open counts up to now, or to start + cap; idle time is taken off sessions wholly inside),
 * sessions hosted (group_training_sessions by host id, or host name for older records) and sessions attended (in
 * game during a session's window: its own length, or the attendance setting).
 */
export class PostgresMemberFigures implements MemberFigures {
  readonly #orm: Orm;

  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async memberTotals(
    groupId: string,
    window: { from: Date; to: Date },
    now: Date,
    capMs: number,
    attendanceMs: number,
  ): Promise<MemberTotals[]> {
    const rows = await this.#orm.em.getConnection().execute<
      {
        user_id: string;
        username: string;
        rank_id: number | null;
        rank_name: string | null;
        seconds: string;
        hosted: string;
        attended: string;
      }[]
    >(
      `with w as (select ?::timestamptz as f, ?::timestamptz as t, ?::timestamptz as now, (? * interval '1 millisecond') as cap),
       s as (
         select a.roblox_user_id, a.started_at, a.idle_seconds,
                coalesce(a.ended_at, least(w.now, a.started_at + w.cap)) as ended_at
         from activity_sessions a, w
         where a.group_id = ? and a.started_at < w.t and coalesce(a.ended_at, w.now) > w.f
       ),
       minutes as (
         select roblox_user_id as user_id,
                sum(greatest(0, extract(epoch from (least(s.ended_at, w.t) - greatest(s.started_at, w.f)))
                    - case when s.started_at >= w.f and s.ended_at <= w.t then s.idle_seconds else 0 end)) as seconds
         from s, w group by roblox_user_id
       ),
       planned as (
         select t.id, t.host_user_id, lower(t.host_name) as host, t.scheduled_at as opens,
                t.scheduled_at + coalesce(t.duration_minutes * interval '1 minute', ? * interval '1 millisecond') as closes
         from group_training_sessions t, w
         where t.group_id = ? and t.status <> 'cancelled' and t.scheduled_at >= w.f and t.scheduled_at < w.t
       ),
       hosted as (
         select m.user_id, count(p.id) as n from group_members m
         join planned p on p.host_user_id = m.user_id or (p.host_user_id is null and p.host = lower(m.username))
         where m.group_id = ? group by m.user_id
       ),
       attended as (
         select s.roblox_user_id as user_id, count(distinct p.id) as n
         from s join planned p on s.started_at < p.closes and s.ended_at > p.opens
         group by s.roblox_user_id
       )
       select m.user_id, m.username, m.rank_id, m.rank_name,
              coalesce(minutes.seconds, 0) as seconds, coalesce(hosted.n, 0) as hosted,
              coalesce(attended.n, 0) as attended
       from group_members m
       left join minutes on minutes.user_id = m.user_id
       left join hosted on hosted.user_id = m.user_id
       left join attended on attended.user_id = m.user_id
       where m.group_id = ?
       order by m.rank_id desc nulls last, m.username`,
      [
        window.from.toISOString(),
        window.to.toISOString(),
        now.toISOString(),
        capMs,
        groupId,
        attendanceMs,
        groupId,
        groupId,
        groupId,
      ],
    );
    return rows.map((row) => ({
      userId: row.user_id,
      username: row.username,
      rankId: row.rank_id,
      rankName: row.rank_name,
      minutes: Math.floor(Number(row.seconds) / 60),
      sessionsHosted: Number(row.hosted),
      sessionsAttended: Number(row.attended),
    }));
  }
}
