import type { FilterQuery } from '@mikro-orm/core';
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
    const where: FilterQuery<SupportTicketRecord> = {};
    if (before !== null) where.id = { $lt: before.id };
    if (filter.status !== undefined) where.status = filter.status;
    if (filter.search !== undefined) {
      // Each column has its own trigram index, so the OR runs as a bitmap OR of three index scans.
      const pattern = `%${literalLike(filter.search)}%`;
      where.$or = [{ title: { $ilike: pattern } }, { userEmail: { $ilike: pattern } }, { category: { $ilike: pattern } }];
    }
    const rows = await this.#orm.em.find(SupportTicket, where, {
      populate: ['claimedBy'],
      orderBy: { id: 'desc' },
      limit,
      refresh: true,
    });
    return rows.map(toTicket);
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
