import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { CannedResponse, CannedResponseInput, CannedResponses } from '@groupflow/core';
import type { Orm } from '../database.ts';

interface Row {
  id: number;
  short_code: string;
  title: string;
  body: string;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = 'id, short_code, title, body, created_at, updated_at';

const fromRow = (row: Row): CannedResponse => ({
  id: row.id,
  shortCode: row.short_code,
  title: row.title,
  body: row.body,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

/** support_canned_responses: the unique index on short_code decides a race for one code, as the port promises. */
export class PostgresCannedResponses implements CannedResponses {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async list(): Promise<CannedResponse[]> {
    const rows = await this.#sql(`select ${COLUMNS} from support_canned_responses order by short_code`, []);
    return rows.map(fromRow);
  }

  async find(id: number): Promise<CannedResponse | null> {
    const [row] = await this.#sql(`select ${COLUMNS} from support_canned_responses where id = ?`, [id]);
    return row ? fromRow(row) : null;
  }

  async create(input: CannedResponseInput, at: Date): Promise<CannedResponse | 'taken'> {
    const [row] = await this.#sql(
      `insert into support_canned_responses (short_code, title, body, created_at, updated_at) values (?, ?, ?, ?, ?)
       on conflict (short_code) do nothing returning ${COLUMNS}`,
      [input.shortCode, input.title, input.body, at, at],
    );
    return row ? fromRow(row) : 'taken';
  }

  async update(id: number, input: CannedResponseInput, at: Date): Promise<CannedResponse | 'taken' | null> {
    try {
      const [row] = await this.#sql(
        `update support_canned_responses set short_code = ?, title = ?, body = ?, updated_at = ? where id = ?
         returning ${COLUMNS}`,
        [input.shortCode, input.title, input.body, at, id],
      );
      return row ? fromRow(row) : null;
    } catch (error) {
      // The unique index on short_code: another response holds the code.
      if (error instanceof UniqueConstraintViolationException) return 'taken';
      throw error;
    }
  }

  async remove(id: number): Promise<boolean> {
    const rows = await this.#sql('delete from support_canned_responses where id = ? returning id', [id]);
    return rows.length > 0;
  }

  #sql(query: string, params: unknown[]): Promise<Row[]> {
    return this.#orm.em.getConnection().execute<Row[]>(query, params);
  }
}
