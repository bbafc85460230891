import type {
  NewTicket,
  PageCursor,
  SupportTicket as Ticket,
  TicketListFilter,
  TicketRepository,
  TicketStatus,
} from '@groupflow/core';
import type { Orm } from '../database.ts';
import { literalLike } from '../likePattern.ts';
import { SupportTicket, type SupportTicketRecord } from '../entities/index.ts';

export class MikroOrmTicketRepository implements TicketRepository {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async create(ticket: NewTicket): Promise<Ticket> {
    const em = this.#orm.em;
    const row = em.create(SupportTicket, {
      title: ticket.title,
      description: ticket.description,
      category: ticket.category,
      priority: ticket.priority,
      status: 'open',
      userEmail: ticket.userEmail,
      userName: ticket.userName,
      accessKeyHash: ticket.accessKeyHash,
      isLocked: false,
      createdAt: ticket.createdAt,
      updatedAt: ticket.createdAt,
    });
    await em.flush();
    return toTicket(row);
  }

  async findById(id: number): Promise<Ticket | null> {
    // Refreshed: claims and releases are written with raw conditional updates the identity map does not see.
    const row = await this.#orm.em.findOne(SupportTicket, { id }, { populate: ['claimedBy'], refresh: true });
    return row && toTicket(row);
  }

  async accessKeyHashOf(id: number): Promise<string | null> {
    const rows = await this.#orm.em
      .getConnection()
      .execute<{ access_key_hash: string | null }[]>('select access_key_hash from support_tickets where id = ?', [id]);
    return rows[0]?.access_key_hash ?? null;
  }

  async list(filter: TicketListFilter, before: PageCursor | null, limit: number): Promise<Ticket[]> {
    // Plain rows, one statement with the claimer's name joined: the hot list hydrates no entities.
    const conditions: string[] = [];
    const params: unknown[] = [];
    if (before !== null) {
      conditions.push('t.id < ?');
      params.push(before.id);
    }
    if (filter.status !== undefined) {
      conditions.push('t.status = ?');
      params.push(filter.status);
    }
    if (filter.search !== undefined) {
      // Each column has its own trigram index, so the OR runs as a bitmap OR of three index scans.
      const pattern = `%${literalLike(filter.search)}%`;
      conditions.push('(t.title ilike ? or t.user_email ilike ? or t.category ilike ?)');
      params.push(pattern, pattern, pattern);
    }
    const rows = await this.#orm.em.getConnection().execute<TicketRow[]>(
      `select t.id, t.title, t.description, t.category, t.priority, t.status, t.user_email, t.user_name, t.claimed_by,
              s.username as claimed_by_username, t.claimed_at, t.is_locked, t.created_at, t.updated_at
       from support_tickets t left join staff_users s on s.id = t.claimed_by
       ${conditions.length > 0 ? `where ${conditions.join(' and ')}` : ''}
       order by t.id desc limit ?`,
      [...params, limit],
    );
    return rows.map(fromRow);
  }

  async tryClaim(id: number, staffId: number, at: Date, takeover: boolean): Promise<Ticket | null> {
    // One statement decides: Postgres re-checks the WHERE on the row it locks, so of simultaneous claims
    // exactly one finds the ticket still free.
    return this.#updateWhere(
      `update support_tickets set claimed_by = ?, claimed_at = ?, is_locked = true, updated_at = ?
       where id = ? and (claimed_by is null or claimed_by = ? or ?) returning id`,
      [staffId, at, at, id, staffId, takeover],
      id,
    );
  }

  async release(id: number, staffId: number, at: Date): Promise<Ticket | null> {
    return this.#updateWhere(
      `update support_tickets set claimed_by = null, claimed_at = null, is_locked = false, updated_at = ?
       where id = ? and claimed_by = ? returning id`,
      [at, id, staffId],
      id,
    );
  }

  async setStatus(id: number, status: TicketStatus, at: Date): Promise<Ticket | null> {
    return this.#updateWhere('update support_tickets set status = ?, updated_at = ? where id = ? returning id', [status, at, id], id);
  }

  async delete(id: number): Promise<boolean> {
    // Messages follow through the foreign key's ON DELETE CASCADE.
    return (await this.#orm.em.nativeDelete(SupportTicket, { id })) > 0;
  }

  async #updateWhere(sql: string, params: unknown[], id: number): Promise<Ticket | null> {
    const rows = await this.#orm.em.getConnection().execute<{ id: number }[]>(sql, params);
    return rows.length === 0 ? null : this.findById(id);
  }
}

interface TicketRow {
  id: number;
  title: string;
  description: string;
  category: string | null;
  priority: string;
  status: string;
  user_email: string | null;
  user_name: string | null;
  claimed_by: number | null;
  claimed_by_username: string | null;
  /** Dates as the driver hands raw rows over; `new Date` accepts either form. */
  claimed_at: Date | string | null;
  is_locked: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

function fromRow(row: TicketRow): Ticket {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    priority: row.priority,
    status: row.status,
    userEmail: row.user_email,
    userName: row.user_name,
    claimedBy: row.claimed_by,
    claimedByUsername: row.claimed_by_username,
    claimedAt: row.claimed_at === null ? null : new Date(row.claimed_at),
    isLocked: row.is_locked,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

function toTicket(row: SupportTicketRecord): Ticket {
  const claimer = row.claimedBy ?? null;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category ?? null,
    priority: row.priority,
    status: row.status,
    userEmail: row.userEmail ?? null,
    userName: row.userName ?? null,
    claimedBy: claimer?.id ?? null,
    claimedByUsername: claimer?.username ?? null,
    claimedAt: row.claimedAt ?? null,
    isLocked: row.isLocked,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
