import type { ActivityFeed, FeedEntry, FeedEntryType } from '@groupflow/core';
import type { Orm } from '../database.ts';

/**
 * The workspace feed in one statement over the group's own records: sessions as scheduled (patrol and recruitment
 * by their type, training and meetings as training), rank changes that succeeded (promotion) and applications, as
 * filed and as reviewed (recruitment), and documents meant for everyone (documentation; a document kept to some
 * ranks is not announced to all).
 */
export class PostgresActivityFeed implements ActivityFeed {
  readonly #orm: Orm;

  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async latest(groupId: string, limit: number): Promise<FeedEntry[]> {
    const rows = await this.#orm.em
      .getConnection()
      .execute<{ id: string; type: FeedEntryType; title: string; detail: string; at: Date }[]>(
        `(select 'session-' || id as id,
               case type when 'patrol' then 'patrol' when 'recruitment' then 'recruitment' else 'training' end as type,
               title, type || ' scheduled for ' || to_char(scheduled_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC'
                 || case when host_name <> '' then ', hosted by ' || host_name else '' end as detail,
               created_at as at
        from group_training_sessions where group_id = ? and status <> 'cancelled'
        order by created_at desc limit ?)
       union all
       (select 'rank-' || id, 'promotion',
               target_name || case when from_rank is null or to_rank > from_rank then ' promoted to ' else ' moved to ' end
                 || to_role_name,
               'by ' || actor_name || ': ' || reason, created_at
        from group_rank_changes where group_id = ? and result = 'succeeded'
        order by created_at desc limit ?)
       union all
       (select 'application-' || id, 'recruitment',
               applicant_name || case when status in ('accepted', 'rejected') then ' ' || status else ' applied' end,
               'for ' || desired_rank || coalesce(': ' || review_note, ''), coalesce(reviewed_at, created_at)
        from group_applications where group_id = ?
        order by coalesce(reviewed_at, created_at) desc limit ?)
       union all
       (select 'document-' || id, 'documentation', title, type || ' document by ' || created_by, created_at
        from group_documents where group_id = ? and rank_ids = '[]'::jsonb
        order by created_at desc limit ?)
       order by at desc limit ?`,
        [groupId, limit, groupId, limit, groupId, limit, groupId, limit, limit],
      );
    return rows.map((row) => ({ ...row, at: new Date(row.at) }));
  }
}
