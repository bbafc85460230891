import type {
  NewTicket,
  PageCursor,
  SlaPolicy,
  SupportTicket as Ticket,
  TicketListFilter,
  TicketRepository,
  TicketStatus,
} from '@groupflow/core';
import type { TicketPriority } from '@groupflow/core/contracts';
import type { Orm } from '../database.ts';
import { literalLike } from '../likePattern.ts';
import { SupportTicket } from '../entities/index.ts';

export class MikroOrmTicketRepository implements TicketRepository {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async create(ticket: NewTicket): Promise<Ticket> {
    // One statement, autocommitted: filing is a hot path under load (no unit of work, no BEGIN/COMMIT pair).
    const [row] = await this.#orm.em.getConnection().execute<TicketRow[]>(
      `insert into support_tickets (title, description, category, priority, status, user_email, user_name, access_key_hash,
                                    is_locked, created_at, updated_at)
       values (?, ?, ?, ?, 'open', ?, ?, ?, false, ?, ?)
       returning ${TICKET_COLUMNS}, null as claimed_by_username`,
      [
        ticket.title,
        ticket.description,
        ticket.category,
        ticket.priority,
        ticket.userEmail,
        ticket.userName,
        ticket.accessKeyHash,
        ticket.createdAt,
        ticket.createdAt,
      ],
    );
    return fromRow(row!);
  }

  async findById(id: number): Promise<Ticket | null> {
    // Plain row with the claimer's name joined: read on every chat message and claim, so no entity hydration.
    const [row] = await this.#orm.em.getConnection().execute<TicketRow[]>(
      `select ${prefixed('t')}, s.username as claimed_by_username
       from support_tickets t left join staff_users s on s.id = t.claimed_by where t.id = ?`,
      [id],
    );
    return row === undefined ? null : fromRow(row);
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
    if (filter.label !== undefined) {
      // A GIN index on the array serves the containment test.
      conditions.push('t.labels @> array[?]::text[]');
      params.push(filter.label);
    }
    if (filter.breached !== undefined) {
      conditions.push(breachedUnder('t'));
      params.push(JSON.stringify(filter.breached.policies), filter.breached.now, filter.breached.now);
    }
    if (filter.search !== undefined) {
      // Each column has its own trigram index, so the OR runs as a bitmap OR of three index scans.
      const pattern = `%${literalLike(filter.search)}%`;
      conditions.push('(t.title ilike ? or t.user_email ilike ? or t.category ilike ?)');
      params.push(pattern, pattern, pattern);
    }
    const rows = await this.#orm.em.getConnection().execute<TicketRow[]>(
      `select ${prefixed('t')}, s.username as claimed_by_username
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
       where id = ? and (claimed_by is null or claimed_by = ? or ?)`,
      [staffId, at, at, id, staffId, takeover],
    );
  }

  async release(id: number, staffId: number, at: Date): Promise<Ticket | null> {
    return this.#updateWhere(
      `update support_tickets set claimed_by = null, claimed_at = null, is_locked = false, updated_at = ?
       where id = ? and claimed_by = ?`,
      [at, id, staffId],
    );
  }

  async setStatus(id: number, status: TicketStatus, at: Date): Promise<Ticket | null> {
    return this.#updateWhere('update support_tickets set status = ?, updated_at = ? where id = ?', [status, at, id]);
  }

  async setLabels(id: number, labels: string[], at: Date): Promise<Ticket | null> {
    // As JSON: the query builder would spread an array parameter into a list of parameters.
    return this.#updateWhere(
      'update support_tickets set labels = array(select jsonb_array_elements_text(?::jsonb)), updated_at = ? where id = ?',
      [JSON.stringify(labels), at, id],
    );
  }

  async markFirstResponse(id: number, at: Date): Promise<void> {
    await this.#orm.em
      .getConnection()
      .execute('update support_tickets set first_response_at = ? where id = ? and first_response_at is null', [at, id]);
  }

  async flagBreaches(policies: readonly SlaPolicy[], now: Date, limit: number): Promise<Ticket[]> {
    // `sla_breached_at is null` in the UPDATE itself: a ticket two processes picked at once is flagged by one.
    const rows = await this.#orm.em.getConnection().execute<TicketRow[]>(
      `with picked as (
         select t.id from support_tickets t where t.sla_breached_at is null and ${breachedUnder('t')}
         order by t.id limit ?),
       updated as (
         update support_tickets u set sla_breached_at = ? from picked
         where u.id = picked.id and u.sla_breached_at is null returning ${prefixed('u')})
       select ${prefixed('u')}, s.username as claimed_by_username from updated u left join staff_users s on s.id = u.claimed_by`,
      [JSON.stringify(policies), now, now, limit, now],
    );
    return rows.map(fromRow);
  }

  async delete(id: number): Promise<boolean> {
    // Messages follow through the foreign key's ON DELETE CASCADE.
    return (await this.#orm.em.nativeDelete(SupportTicket, { id })) > 0;
  }

  /** The updated ticket, with its claimer's name, in the same statement; null when the WHERE matched nothing. */
  async #updateWhere(update: string, params: unknown[]): Promise<Ticket | null> {
    const [row] = await this.#orm.em.getConnection().execute<TicketRow[]>(
      `with updated as (${update} returning ${TICKET_COLUMNS})
       select ${prefixed('u')}, s.username as claimed_by_username from updated u left join staff_users s on s.id = u.claimed_by`,
      params,
    );
    return row === undefined ? null : fromRow(row);
  }
}

/**
 * Whether the ticket aliased `alias` is past an SLA target, the rule of core's `ticketSla` in SQL: three
 * parameters, the policies as JSON and the current time twice. Resolved and closed tickets stopped their resolution
 * clock at their last change.
 */
function breachedUnder(alias: string): string {
  return `(${alias}.sla_breached_at is not null or exists (
    select 1 from jsonb_to_recordset(?::jsonb) as p(priority text, "firstResponseMinutes" int, "resolutionHours" int)
    where p.priority = ${alias}.priority and (
      coalesce(${alias}.first_response_at, ?::timestamptz) > ${alias}.created_at + make_interval(mins => p."firstResponseMinutes")
      or (case when ${alias}.status in ('resolved', 'closed') then ${alias}.updated_at else ?::timestamptz end)
         > ${alias}.created_at + make_interval(hours => p."resolutionHours"))))`;
}

const TICKET_COLUMN_NAMES = [
  'id',
  'title',
  'description',
  'category',
  'priority',
  'status',
  'user_email',
  'user_name',
  'claimed_by',
  'claimed_at',
  'is_locked',
  'labels',
  'first_response_at',
  'sla_breached_at',
  'created_at',
  'updated_at',
] as const;
const TICKET_COLUMNS = TICKET_COLUMN_NAMES.join(', ');
const prefixed = (alias: string) => TICKET_COLUMN_NAMES.map((column) => `${alias}.${column}`).join(', ');

interface TicketRow {
  id: number;
  title: string;
  description: string;
  category: string | null;
  /** Only this repository writes tickets, from validated input: the columns hold the contract's values. */
  priority: TicketPriority;
  status: TicketStatus;
  user_email: string | null;
  user_name: string | null;
  claimed_by: number | null;
  claimed_by_username: string | null;
  /** Dates as the driver hands raw rows over; `new Date` accepts either form. */
  claimed_at: Date | string | null;
  is_locked: boolean;
  labels: string[];
  first_response_at: Date | string | null;
  sla_breached_at: Date | string | null;
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
    labels: row.labels,
    firstResponseAt: row.first_response_at === null ? null : new Date(row.first_response_at),
    slaBreachedAt: row.sla_breached_at === null ? null : new Date(row.sla_breached_at),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}
