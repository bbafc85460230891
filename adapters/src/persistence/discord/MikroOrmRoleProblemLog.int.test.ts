import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { RoleProblem } from '@groupflow/core';
import { openDatabase, type Orm } from '../database.ts';
import { MikroOrmRoleProblemLog } from './MikroOrmRoleProblemLog.ts';

let orm: Orm;
let log: MikroOrmRoleProblemLog;

beforeAll(async () => {
  orm = await openDatabase(inject('databaseUrl'));
  log = new MikroOrmRoleProblemLog(orm);
});
afterAll(async () => {
  await orm?.close(true);
});
beforeEach(async () => {
  await orm.em.fork().getConnection().execute('truncate bot_role_problems');
});

const role = (id: string, name: string): RoleProblem => ({
  kind: 'role',
  targetId: id,
  name,
  reason: `${name} is above the bot`,
});
const member = (id: string, name: string, reason = 'owns the server'): RoleProblem => ({
  kind: 'member',
  targetId: id,
  name,
  reason,
});
const names = async (guildId: string) =>
  (await log.readFor([guildId]))[0]?.problems.map((problem) => `${problem.kind}:${problem.name}`) ?? [];

describe('MikroOrmRoleProblemLog against PostgreSQL (outside any request context, as the bot writes it)', () => {
  it('keeps one row per target, updating the reason when noted again, ordered by kind then name', async () => {
    await log.note('1', [member('u2', 'zed'), role('r1', 'Leader')]);
    await log.note('1', [
      member('u2', 'zed', 'above the bot'),
      { kind: 'permission', targetId: 'ManageRoles', name: 'Manage Roles', reason: 'missing' },
    ]);
    await log.note('2', [role('r9', 'Other')]);
    const [first] = await log.readFor(['1']);
    expect(first!.problems.map(({ kind, name, reason }) => `${kind}:${name}:${reason}`)).toEqual([
      'permission:Manage Roles:missing',
      'role:Leader:Leader is above the bot',
      'member:zed:above the bot',
    ]);
    expect(first!.problems[0]!.notedAt).toBeInstanceOf(Date);
    expect((await log.readFor(['1', '2', '3'])).map((guild) => guild.guildId).sort()).toEqual(['1', '2']);
    await expect(log.readFor([])).resolves.toEqual([]);
  });

  it("replaces a guild's permission and role findings with a new check's, keeping member notes and other guilds", async () => {
    await log.note('1', [role('r1', 'Leader'), role('r2', 'Admins'), member('u1', 'boss')]);
    await log.note('2', [role('r1', 'Leader')]);
    await log.replaceGuildFindings('1', [role('r3', 'Staff')]);
    expect(await names('1')).toEqual(['role:Staff', 'member:boss']);
    expect(await names('2')).toEqual(['role:Leader']);
    await log.replaceGuildFindings('1', []);
    expect(await names('1')).toEqual(['member:boss']);
  });

  it('forgets a member once a sync reaches them', async () => {
    await log.note('1', [member('u1', 'boss'), member('u2', 'other')]);
    await log.clearMember('1', 'u1');
    expect(await names('1')).toEqual(['member:other']);
  });

  it("keeps the name conversion's notes through new checks, until a saved configuration settles them", async () => {
    const unresolved: RoleProblem = {
      kind: 'name',
      targetId: 'moderatorRoles:Mods',
      name: 'Mods',
      reason: 'matches 2 roles',
    };
    await log.note('1', [unresolved, member('u1', 'boss')]);
    await log.replaceGuildFindings('1', [role('r3', 'Staff')]);
    expect(await names('1')).toEqual(['role:Staff', 'name:Mods', 'member:boss']);
    await log.clearNames('1');
    expect(await names('1')).toEqual(['role:Staff', 'member:boss']);
  });
});
