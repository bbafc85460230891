import type { AnalyticsFigures, DailyActivity } from '@groupflow/core';
import type { Orm } from '../database.ts';

/**
 * Minutes in game and distinct players per UTC day, each stay split over the days it spans. (A day without stays
 * must be filtered out of the sum: least/greatest skip NULLs, which would count the whole day.)
 */
export class PostgresAnalyticsFigures implements AnalyticsFigures {
  readonly #orm: Orm;

  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async dailyActivity(groupId: string, from: Date, to: Date, now: Date, capMs: number): Promise<DailyActivity[]> {
    const rows = await this.#orm.em.getConnection().execute<{ day: string; seconds: string; active: string }[]>(
      `with days as (
         select d::date as day, d as opens, d + interval '1 day' as closes
         from generate_series(date_trunc('day', ?::timestamptz at time zone 'UTC') at time zone 'UTC',
                              ?::timestamptz, interval '1 day') as d
       ),
       s as (
         select roblox_user_id, started_at,
                coalesce(ended_at, least(?::timestamptz, started_at + (? * interval '1 millisecond'))) as ended_at
         from activity_sessions where group_id = ? and started_at < ?::timestamptz
           and coalesce(ended_at, ?::timestamptz) > ?::timestamptz
       )
       select to_char(days.day, 'YYYY-MM-DD') as day,
              coalesce(sum(greatest(0, extract(epoch from (least(s.ended_at, days.closes) - greatest(s.started_at, days.opens)))))
                filter (where s.roblox_user_id is not null), 0) as seconds,
              count(distinct s.roblox_user_id) as active
       from days left join s on s.started_at < days.closes and s.ended_at > days.opens
       group by days.day order by days.day`,
      [
        from.toISOString(),
        to.toISOString(),
        now.toISOString(),
        capMs,
        groupId,
        to.toISOString(),
        now.toISOString(),
        from.toISOString(),
      ],
    );
    return rows.map((row) => ({
      day: row.day,
      minutes: Math.floor(Number(row.seconds) / 60),
      activeMembers: Number(row.active),
    }));
  }
}
