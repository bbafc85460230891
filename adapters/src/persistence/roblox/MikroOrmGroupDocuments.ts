import type { GroupDocuments, WorkspaceDocument } from '@groupflow/core';
import type { Orm } from '../database.ts';
import { GroupDocument, type GroupDocumentRecord } from '../entities/workspace.ts';

const toDocument = (row: GroupDocumentRecord): WorkspaceDocument => ({
  id: row.id,
  title: row.title,
  type: row.type,
  body: row.body,
  rankIds: row.rankIds,
  createdBy: row.createdBy,
  createdAt: row.createdAt,
});

/** group_documents; a rank's view is filtered in SQL (an empty rank list means everyone). */
export class MikroOrmGroupDocuments implements GroupDocuments {
  readonly #orm: Orm;

  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async add(groupId: string, document: Omit<WorkspaceDocument, 'id' | 'createdAt'>) {
    const em = this.#orm.em.fork();
    const row = em.create(GroupDocument, { groupId, ...document });
    await em.flush();
    return toDocument(row);
  }

  async list(groupId: string, limit: number, rank?: number) {
    const rows = await this.#orm.em.getConnection().execute<{ id: number }[]>(
      `select id from group_documents where group_id = ?
         and (?::int is null or rank_ids = '[]'::jsonb or rank_ids @> to_jsonb(?::int))
       order by created_at desc, id desc limit ?`,
      [groupId, rank ?? null, rank ?? null, limit],
    );
    if (rows.length === 0) return [];
    const found = await this.#orm.em.find(GroupDocument, { id: { $in: rows.map((row) => row.id) } });
    return rows.map((row) => toDocument(found.find((doc) => doc.id === row.id)!));
  }
}
