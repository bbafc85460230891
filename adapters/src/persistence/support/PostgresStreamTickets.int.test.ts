import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Orm } from '../database.ts';
import { PostgresStreamTickets } from './PostgresStreamTickets.ts';

let orm: Orm;
const hash = () => randomBytes(32).toString('hex');
const inAMinute = () => new Date(Date.now() + 60_000);

beforeAll(async () => {
  orm = await openDatabase(inject('databaseUrl'));
});

afterAll(async () => {
  await orm.close(true);
});

describe('PostgresStreamTickets', () => {
  it('gives a ticket to exactly one of 20 simultaneous redeemers, across connections', async () => {
    const tickets = new PostgresStreamTickets(orm);
    const [ticket, session] = [hash(), hash()];
    await tickets.save(ticket, session, inAMinute());
    const answers = await Promise.all(Array.from({ length: 20 }, () => tickets.take(ticket, new Date())));
    expect(answers.filter((answer) => answer === session)).toHaveLength(1);
    expect(answers.filter((answer) => answer === null)).toHaveLength(19);
  });

  it('refuses an expired ticket, and sweeps expired ones when saving', async () => {
    const tickets = new PostgresStreamTickets(orm);
    const [late, session] = [hash(), hash()];
    await tickets.save(late, session, new Date(Date.now() - 1000));
    await expect(tickets.take(late, new Date())).resolves.toBeNull();
    const stale = hash();
    await tickets.save(stale, session, new Date(Date.now() - 1000));
    await tickets.save(hash(), session, inAMinute());
    const rows = await orm.em
      .getConnection()
      .execute<{ n: string }[]>('select count(*) as n from support_stream_tickets where ticket_hash = ?', [stale]);
    expect(Number(rows[0]?.n)).toBe(0);
  });
});
