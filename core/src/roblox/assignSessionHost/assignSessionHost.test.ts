import { describe, expect, it } from 'vitest';
import { Conflict, Forbidden, Invalid } from '../../shared/errors.ts';
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import { connectGroupSchema } from '../../contracts/roblox.ts';
import { groupsOf, InMemoryConnectedGroups, InMemoryRoblox, SequentialRandom, RANK_CHECK } from '../testing/fakes.ts';
import { GroupAccessPolicy, NOT_PERMITTED } from '../groupAccess.ts';
import { ConnectGroup } from '../connectGroup/connectGroup.ts';
import { InMemorySessions, RecordingSessionNotices } from '../testing/sessionFakes.ts';
import { AnnounceSessionChange } from '../announceSessionChange/announceSessionChange.ts';
import { AssignSessionHost, HOST_TWICE, SESSION_HAS_HOST } from './assignSessionHost.ts';
import { ListSessions } from '../listSessions/listSessions.ts';
import { ScheduleSession } from '../scheduleSession/scheduleSession.ts';
import { SESSION_FULL, SignUpForSession } from '../signUpForSession/signUpForSession.ts';

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
  const access = new GroupAccessPolicy(customers, roblox, connected, RANK_CHECK);
  const clock = { now: () => now };
  const notices = new RecordingSessionNotices();
  const announce = new AnnounceSessionChange({ posts: notices, reminders: notices, groups: connected, clock });
  const sut = {
    create: new ScheduleSession(access, sessions, clock, announce),
    list: new ListSessions(access, sessions, clock, 50),
    assignHost: new AssignSessionHost(access, sessions, roblox, roblox, announce),
    signup: new SignUpForSession(access, sessions),
  };
  return { sut, sessions, notices };
}

describe('AssignSessionHost with ScheduleSession, SignUpForSession and ListSessions', () => {
  it('announces a new session and a filled seat: the bot posts each, and the reminder is queued for the start', async () => {
    const { sut, notices } = await makeSut();
    const created = await sut.create.execute(2, '7', session);
    await sut.assignHost.execute(2, '7', created.id, { role: 'host' });
    await sut.signup.execute(3, '7', created.id);
    const job = { groupId: '7', sessionId: created.id, startsAt: '2026-11-27T18:00:00.000Z' };
    expect(notices.posts).toEqual([
      { ...job, post: 'scheduled' },
      { ...job, post: 'updated' },
    ]);
    // The seat filled keeps the start, and so the one reminder.
    expect(notices.reminders).toEqual([{ job, at: new Date('2026-11-27T17:45:00Z') }]);
  });

  it('lets a self-hosting rank schedule and take the host seat; a member signs up while slots last', async () => {
    const { sut } = await makeSut();
    const created = await sut.create.execute(2, '7', session);
    expect((await sut.assignHost.execute(2, '7', created.id, { role: 'host' })).host).toEqual({
      userId: '43',
      username: 'Trainer',
    });
    expect((await sut.signup.execute(3, '7', created.id)).signups).toEqual([{ userId: '44', username: 'Member' }]);
    // Twice is once; the one slot is taken for the next member.
    expect((await sut.signup.execute(3, '7', created.id)).signups).toHaveLength(1);
    await expect(sut.signup.execute(4, '7', created.id)).rejects.toThrow(
      new Conflict('ROBLOX.SESSION_FULL', SESSION_FULL),
    );
    expect((await sut.list.execute(3, '7')).map((row) => row.id)).toEqual([created.id]);
  });

  it('guards each seat by the rank permissions', async () => {
    const { sut } = await makeSut();
    const created = await sut.create.execute(2, '7', session);
    // A member without "self-host" can neither schedule nor take a seat.
    await expect(sut.create.execute(3, '7', session)).rejects.toThrow(
      new Forbidden('ROBLOX.RANK_NOT_PERMITTED', NOT_PERMITTED),
    );
    await expect(sut.assignHost.execute(3, '7', created.id, { role: 'host' })).rejects.toThrow(
      new Forbidden('ROBLOX.RANK_NOT_PERMITTED', NOT_PERMITTED),
    );
    // The trainer may self-host but not seat someone else.
    await expect(sut.assignHost.execute(2, '7', created.id, { role: 'host', userId: '44' })).rejects.toThrow(
      new Forbidden('ROBLOX.RANK_NOT_PERMITTED', NOT_PERMITTED),
    );
    // The lead may seat others (only group members), but has no "self-host" of their own.
    await expect(sut.assignHost.execute(4, '7', created.id, { role: 'host' })).rejects.toThrow(
      new Forbidden('ROBLOX.RANK_NOT_PERMITTED', NOT_PERMITTED),
    );
    await expect(sut.assignHost.execute(4, '7', created.id, { role: 'host', userId: '99' })).rejects.toBeInstanceOf(
      Invalid,
    );
    expect((await sut.assignHost.execute(4, '7', created.id, { role: 'host', userId: '44' })).host?.username).toBe(
      'Member',
    );
    // The seat is taken: the trainer cannot push the host out, but may take the co-host seat.
    await expect(sut.assignHost.execute(2, '7', created.id, { role: 'host' })).rejects.toThrow(
      new Conflict('ROBLOX.SESSION_HAS_HOST', SESSION_HAS_HOST),
    );
    expect((await sut.assignHost.execute(2, '7', created.id, { role: 'co-host' })).coHost?.userId).toBe('43');
    await expect(sut.assignHost.execute(4, '7', created.id, { role: 'host', userId: '43' })).rejects.toThrow(
      new Conflict('ROBLOX.HOST_TWICE', HOST_TWICE),
    );
  });

  it('refuses a session in the past', async () => {
    const { sut } = await makeSut();
    await expect(
      sut.create.execute(1, '7', { ...session, startsAt: new Date('2026-11-25T18:00:00Z') }),
    ).rejects.toBeInstanceOf(Invalid);
  });
});
