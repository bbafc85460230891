import type { GroupSessions, NewScheduledSession, ScheduledSession, SessionPerson } from '@groupflow/core';
import type { Orm } from '../database.ts';
import { GroupTrainingSession, type GroupTrainingSessionRecord } from '../entities/roblox.ts';
import { GroupSessionSignup } from '../entities/workspace.ts';

export interface SessionDefaults {
  /** Length of sessions scheduled before sessions had one (training records). */
  durationMinutes: number;
}

/**
 * Scheduled sessions are the group's training records (group_training_sessions, which the Training tab and the
 * Home tab also list) with a length, slots, host and co-host by Roblox id; sign-ups in group_session_signups.
 */
export class MikroOrmGroupSessions implements GroupSessions {
  readonly #orm: Orm;
  readonly #defaults: SessionDefaults;

  constructor(orm: Orm, defaults: SessionDefaults) {
    this.#orm = orm;
    this.#defaults = defaults;
  }

  async add(groupId: string, session: NewScheduledSession, createdBy: number): Promise<ScheduledSession> {
    const em = this.#orm.em.fork();
    const row = em.create(GroupTrainingSession, {
      groupId,
      title: session.title,
      type: session.type,
      scheduledAt: session.startsAt,
      durationMinutes: session.durationMinutes,
      slots: session.slots,
      // The training records' host name column: empty until someone takes the seat.
      hostName: '',
      participantCount: 0,
      status: 'scheduled',
      createdBy,
    });
    await em.flush();
    return (await this.#withSignups([row]))[0]!;
  }

  async upcoming(groupId: string, from: Date, limit: number): Promise<ScheduledSession[]> {
    const rows = await this.#orm.em.find(
      GroupTrainingSession,
      { groupId, scheduledAt: { $gte: from }, status: { $nin: ['cancelled', 'completed'] } },
      { orderBy: { scheduledAt: 'asc', id: 'asc' }, limit },
    );
    return this.#withSignups(rows);
  }

  async find(groupId: string, id: number): Promise<ScheduledSession | null> {
    const row = await this.#orm.em.fork().findOne(GroupTrainingSession, { groupId, id, scheduledAt: { $ne: null } });
    return row ? (await this.#withSignups([row]))[0]! : null;
  }

  async setHost(groupId: string, id: number, role: 'host' | 'co-host', person: SessionPerson) {
    const em = this.#orm.em.fork();
    const row = await em.findOneOrFail(GroupTrainingSession, { groupId, id });
    if (role === 'host') {
      row.hostUserId = person.userId;
      row.hostName = person.username;
    } else {
      row.coHostUserId = person.userId;
      row.coHostName = person.username;
    }
    await em.flush();
    return (await this.#withSignups([row]))[0]!;
  }

  async signup(groupId: string, id: number, person: SessionPerson) {
    return this.#orm.em.fork().transactional(async (em) => {
      const connection = em.getConnection();
      // The session row is locked, so two members cannot take the last slot together.
      const [session] = await connection.execute<{ slots: number | null }[]>(
        `select slots from group_training_sessions
         where id = ? and group_id = ? and scheduled_at is not null and status <> 'cancelled' for update`,
        [id, groupId],
        'all',
        em.getTransactionContext(),
      );
      if (!session) return 'missing' as const;
      const [taken] = await connection.execute<{ n: string; mine: string }[]>(
        `select count(*) as n, count(*) filter (where roblox_user_id = ?) as mine
         from group_session_signups where session_id = ?`,
        [person.userId, id],
        'all',
        em.getTransactionContext(),
      );
      if (Number(taken!.mine) > 0) return 'already' as const;
      if (session.slots !== null && Number(taken!.n) >= session.slots) return 'full' as const;
      em.create(GroupSessionSignup, { sessionId: id, robloxUserId: person.userId, username: person.username });
      await em.flush();
      return 'added' as const;
    });
  }

  async #withSignups(rows: GroupTrainingSessionRecord[]): Promise<ScheduledSession[]> {
    if (rows.length === 0) return [];
    const signups = await this.#orm.em
      .fork()
      .find(GroupSessionSignup, { sessionId: { $in: rows.map((row) => row.id) } }, { orderBy: { id: 'asc' } });
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      type: row.type,
      status: row.status,
      startsAt: row.scheduledAt!,
      durationMinutes: row.durationMinutes ?? this.#defaults.durationMinutes,
      slots: row.slots ?? Math.max(row.participantCount, 1),
      host: row.hostName ? { userId: row.hostUserId ?? '', username: row.hostName } : null,
      coHost: row.coHostUserId && row.coHostName ? { userId: row.coHostUserId, username: row.coHostName } : null,
      signups: signups
        .filter((signup) => signup.sessionId === row.id)
        .map((signup) => ({ userId: signup.robloxUserId, username: signup.username })),
    }));
  }
}
