import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { RequestContext } from '@mikro-orm/core';
import { openDatabase, type Orm } from './database.ts';
import {
  StaffUser,
  SupportTicket,
  SupportTicketMessage,
  User,
  LegalCase,
  DiscordServerConfig,
  DEFAULT_NICKNAME_FORMAT,
} from './entities/index.ts';

let orm: Orm;

beforeAll(async () => {
  orm = await openDatabase(inject('databaseUrl'));
});
afterAll(async () => {
  await orm?.close(true);
});

const unique = () => Math.random().toString(36).slice(2, 10);

describe('persistence entities against PostgreSQL', () => {
  it('applies the spec defaults and server-set timestamps on insert', async () => {
    const em = orm.em.fork();
    const user = em.create(User, { username: `user-${unique()}` });
    const staff = em.create(StaffUser, {
      username: `s-${unique()}`,
      email: `${unique()}@groupflow.test`,
      passwordHash: 'x',
    });
    const server = em.create(DiscordServerConfig, { guildId: unique() });
    await em.flush();
    const rows = await em
      .getConnection()
      .execute(
        'select u.is_verified, u.is_admin, u.is_banned, u.role, u.created_at, s.role as staff_role, s.is_active, s.clocked_in, s.total_hours_worked, c.nickname_format, c.setup_step, c.updated_at from users u, staff_users s, discord_server_configs c where u.id = ? and s.id = ? and c.id = ?',
        [user.id, staff.id, server.id],
      );
    expect(rows[0]).toMatchObject({
      is_verified: false,
      is_admin: false,
      is_banned: false,
      role: 'user',
      staff_role: 'customer_support',
      is_active: true,
      clocked_in: false,
      total_hours_worked: 0,
      nickname_format: DEFAULT_NICKNAME_FORMAT,
      setup_step: 0,
    });
    const justNow = (value: unknown) => Math.abs(Date.now() - new Date(String(value)).getTime()) < 60_000;
    expect(justNow(rows[0]?.created_at)).toBe(true);
    expect(justNow(rows[0]?.updated_at)).toBe(true);
  });

  it('refuses a second user with the same discordId', async () => {
    const discordId = unique();
    const em = orm.em.fork();
    em.create(User, { username: 'first', discordId });
    await em.flush();
    const other = orm.em.fork();
    other.create(User, { username: 'second', discordId });
    await expect(other.flush()).rejects.toThrow(/unique|duplicate/i);
  });

  it('refuses a legal case number used twice', async () => {
    const caseNumber = `LC-TEST-${unique()}`;
    const em = orm.em.fork();
    em.create(LegalCase, { caseNumber, title: 'a', description: 'd', caseType: 'fraud' });
    await em.flush();
    const other = orm.em.fork();
    other.create(LegalCase, { caseNumber, title: 'b', description: 'd', caseType: 'fraud' });
    await expect(other.flush()).rejects.toThrow(/unique|duplicate/i);
  });

  it('enforces the 255-character limit on titles in the database itself', async () => {
    const em = orm.em.fork();
    em.create(SupportTicket, { title: 'x'.repeat(256), description: 'too long' });
    await expect(em.flush()).rejects.toThrow(/too long|value too long/i);
  });

  it('deletes a ticket’s messages with the ticket', async () => {
    const em = orm.em.fork();
    const ticket = em.create(SupportTicket, { title: 'Cannot verify', description: 'help' });
    em.create(SupportTicketMessage, { ticket, senderName: 'Visitor', senderType: 'customer', message: 'hello' });
    em.create(SupportTicketMessage, { ticket, senderName: 'Visitor', senderType: 'customer', message: 'still there?' });
    await em.flush();
    expect(ticket.priority).toBe('low');
    expect(ticket.status).toBe('open');
    await em.getConnection().execute('delete from support_tickets where id = ?', [ticket.id]);
    const left = await orm.em.fork().count(SupportTicketMessage, { ticket: ticket.id });
    expect(left).toBe(0);
  });

  it('refuses to use the global entity manager outside a request context', async () => {
    expect(RequestContext.currentRequestContext()).toBeUndefined();
    await expect(orm.em.find(User, {})).rejects.toThrow(/global/i);
  });
});
