import { describe, expect, it } from 'vitest';
import { Conflict, Forbidden, Invalid } from '../../shared/errors.ts';
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import { connectGroupSchema } from '../../contracts/roblox.ts';
import { groupsOf, InMemoryConnectedGroups, InMemoryRoblox, SequentialRandom, RANK_CHECK } from '../testing/fakes.ts';
import { GroupAccessPolicy, NOT_PERMITTED } from '../groupAccess.ts';
import { ConnectGroup } from '../connectGroup/connectGroup.ts';
import type { GroupSessions, ScheduledSession, SessionPerson } from '../workspacePorts.ts';
import { HOST_TWICE, ScheduleSessions, SESSION_FULL, SESSION_HAS_HOST } from './scheduleSessions.ts';

class InMemorySessions implements GroupSessions {
  rows: ScheduledSession[] = [];
  async add(_groupId: string, session: Parameters<GroupSessions['add']>[1]) {
    const row = { ...session, id: this.rows.length + 1, status: 'scheduled', host: null, coHost: null, signups: [] };
    this.rows.push(row);
    return row;
  }
  async upcoming(_groupId: string, from: Date) {
    return this.rows.filter((row) => row.startsAt >= from);
  }
  async find(_groupId: string, id: number) {
    return this.rows.find((row) => row.id === id) ?? null;
  }
  async setHost(_groupId: string, id: number, role: 'host' | 'co-host', person: SessionPerson) {
    const row = this.rows.find((candidate) => candidate.id === id)!;
    if (role === 'host') row.host = person;
    else row.coHost = person;
    return row;
  }
  async signup(_groupId: string, id: number, person: SessionPerson) {
    const row = this.rows.find((candidate) => candidate.id === id);
    if (!row) return 'missing' as const;
    if (row.signups.some((signup) => signup.userId === person.userId)) return 'already' as const;
    if (row.signups.length >= row.slots) return 'full' as const;
    row.signups.push(person);
    return 'added' as const;
  }
}

const now = new Date('2026-11-26T12:00:00Z');
const session = {
  title: 'Patrol',
  type: 'patrol',
  startsAt: new Date('2026-11-27T18:00:00Z'),
  durationMinutes: 60,
  slots: 1,
};

async function makeSut() {
  const customers = new InMemoryCustomerRepository()
    .add(makeCustomer({ id: 1, robloxId: '42', robloxUsername: 'Owner', isVerified: true }))
    .add(makeCustomer({ id: 2, robloxId: '43', robloxUsername: 'Trainer', isVerified: true }))
    .add(makeCustomer({ id: 3, robloxId: '44', robloxUsername: 'Member', isVerified: true }))
    .add(makeCustomer({ id: 4, robloxId: '45', robloxUsername: 'Lead', isVerified: true }));
  const roblox = new InMemoryRoblox();
  roblox.addGroup('7', 'Cafe', [
    ['Member', 1],
    ['Trainer', 20],
    ['Lead', 30],
    ['Owner', 255],
  ]);
  for (const [id, name] of [
    ['42', 'Owner'],
    ['43', 'Trainer'],
    ['44', 'Member'],
    ['45', 'Lead'],
  ] as const) {
    roblox.addUser(id, name);
    roblox.join(id, '7', name);
  }
  roblox.addUser('99', 'Stranger');
  const connected = new InMemoryConnectedGroups();
  await new ConnectGroup(customers, roblox, groupsOf(roblox), connected, new SequentialRandom(), RANK_CHECK).execute(
    1,
    connectGroupSchema.parse({
      groupId: '7',
      rankPermissions: [
        { rankId: 1, canAccessWorkspace: true },
        { rankId: 20, canAccessWorkspace: true, canAssignHostSelf: true, canAssignCoHostSelf: true },
        { rankId: 30, canAccessWorkspace: true, canAssignHostOthers: true },
      ],
    }),
  );
  const sessions = new InMemorySessions();
  const sut = new ScheduleSessions(
    new GroupAccessPolicy(customers, roblox, connected, RANK_CHECK),
    sessions,
    roblox,
    roblox,
    { now: () => now },
    50,
  );
  return { sut, sessions };
}

describe('ScheduleSessions', () => {
  it('lets a self-hosting rank schedule and take the host seat; a member signs up while slots last', async () => {
    const { sut } = await makeSut();
    const created = await sut.create(2, '7', session);
    expect((await sut.assignHost(2, '7', created.id, { role: 'host' })).host).toEqual({
      userId: '43',
      username: 'Trainer',
    });
    expect((await sut.signup(3, '7', created.id)).signups).toEqual([{ userId: '44', username: 'Member' }]);
    // Twice is once; the one slot is taken for the next member.
    expect((await sut.signup(3, '7', created.id)).signups).toHaveLength(1);
    await expect(sut.signup(4, '7', created.id)).rejects.toThrow(new Conflict('ROBLOX.SESSION_FULL', SESSION_FULL));
    expect((await sut.list(3, '7')).map((row) => row.id)).toEqual([created.id]);
  });

  it('guards each seat by the rank permissions', async () => {
    const { sut } = await makeSut();
    const created = await sut.create(2, '7', session);
    // A member without "self-host" can neither schedule nor take a seat.
    await expect(sut.create(3, '7', session)).rejects.toThrow(
      new Forbidden('ROBLOX.RANK_NOT_PERMITTED', NOT_PERMITTED),
    );
    await expect(sut.assignHost(3, '7', created.id, { role: 'host' })).rejects.toThrow(
      new Forbidden('ROBLOX.RANK_NOT_PERMITTED', NOT_PERMITTED),
    );
    // The trainer may self-host but not seat someone else.
    await expect(sut.assignHost(2, '7', created.id, { role: 'host', userId: '44' })).rejects.toThrow(
      new Forbidden('ROBLOX.RANK_NOT_PERMITTED', NOT_PERMITTED),
    );
    // The lead may seat others (only group members), but has no "self-host" of their own.
    await expect(sut.assignHost(4, '7', created.id, { role: 'host' })).rejects.toThrow(
      new Forbidden('ROBLOX.RANK_NOT_PERMITTED', NOT_PERMITTED),
    );
    await expect(sut.assignHost(4, '7', created.id, { role: 'host', userId: '99' })).rejects.toBeInstanceOf(Invalid);
    expect((await sut.assignHost(4, '7', created.id, { role: 'host', userId: '44' })).host?.username).toBe('Member');
    // The seat is taken: the trainer cannot push the host out, but may take the co-host seat.
    await expect(sut.assignHost(2, '7', created.id, { role: 'host' })).rejects.toThrow(
      new Conflict('ROBLOX.SESSION_HAS_HOST', SESSION_HAS_HOST),
    );
    expect((await sut.assignHost(2, '7', created.id, { role: 'co-host' })).coHost?.userId).toBe('43');
    await expect(sut.assignHost(4, '7', created.id, { role: 'host', userId: '43' })).rejects.toThrow(
      new Conflict('ROBLOX.HOST_TWICE', HOST_TWICE),
    );
  });

  it('refuses a session in the past', async () => {
    const { sut } = await makeSut();
    await expect(sut.create(1, '7', { ...session, startsAt: new Date('2026-11-25T18:00:00Z') })).rejects.toBeInstanceOf(
      Invalid,
    );
  });
});
