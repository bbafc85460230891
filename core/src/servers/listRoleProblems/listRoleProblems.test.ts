import { describe, expect, it } from 'vitest';
import { Unauthenticated } from '../../shared/errors.ts';
import { InMemoryRoleProblemLog } from '../../discord/testing/stateFakes.ts';
import { MEMBER, makeGuild } from '../testing/fakes.ts';
import { makeWorld } from '../testing/world.ts';
import { ListRoleProblems } from './listRoleProblems.ts';

function makeSut() {
  const world = makeWorld();
  const problems = new InMemoryRoleProblemLog();
  return { world, problems, sut: new ListRoleProblems(world.customers, world.guilds, world.bot, problems) };
}

describe('ListRoleProblems', () => {
  it('lists each managed server with the bot, with its problems, and never a server the caller does not manage', async () => {
    const { world, problems, sut } = makeSut();
    world.customer(1, [makeGuild('10'), makeGuild('11'), makeGuild('12', MEMBER), makeGuild('13')]);
    await world.botIn('10', '11', '12');
    await problems.replaceGuildFindings('10', [
      { kind: 'role', targetId: 'r1', name: 'Officer', reason: 'above the bot' },
    ]);
    await problems.note('10', [{ kind: 'member', targetId: 'u1', name: 'boss', reason: 'owns the server' }]);
    await problems.note('12', [
      { kind: 'permission', targetId: 'ManageRoles', name: 'Manage Roles', reason: 'missing' },
    ]);

    const { servers } = await sut.execute(1);
    expect(
      servers.map((server) => [
        server.id,
        server.name,
        server.problems.map((problem) => `${problem.kind}:${problem.name}`),
      ]),
    ).toEqual([
      ['10', 'Guild 10', ['role:Officer', 'member:boss']],
      ['11', 'Guild 11', []],
    ]);
    expect(servers[0]!.problems[0]).toEqual({
      kind: 'role',
      name: 'Officer',
      reason: 'above the bot',
      notedAt: expect.any(Date),
    });
  });

  it('refuses a visitor', async () => {
    const { sut } = makeSut();
    await expect(sut.execute(undefined)).rejects.toBeInstanceOf(Unauthenticated);
  });
});
