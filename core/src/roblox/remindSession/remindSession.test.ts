import { describe, expect, it } from 'vitest';
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import { InMemoryConnectedGroups, InMemoryNotifications } from '../testing/fakes.ts';
import { InMemorySessions, RecordingSessionNotices } from '../testing/sessionFakes.ts';
import type { ConnectedGroup } from '../groupPorts.ts';
import { RemindSession } from './remindSession.ts';

async function makeSut() {
  const customers = new InMemoryCustomerRepository()
    .add(makeCustomer({ id: 1, robloxId: '42', robloxUsername: 'Host', isVerified: true }))
    .add(makeCustomer({ id: 2, robloxId: '43', robloxUsername: 'Co', isVerified: true }))
    .add(makeCustomer({ id: 3, robloxId: '44', robloxUsername: 'Member', isVerified: true }))
    // A claim never proven: the account may be someone else's.
    .add(makeCustomer({ id: 4, robloxId: '45', robloxUsername: 'Claimed', isVerified: false }));
  const groups = new InMemoryConnectedGroups();
  groups.rows.set('7', { groupId: '7', name: 'Cafe', settings: {} } as ConnectedGroup);
  const sessions = new InMemorySessions();
  const created = await sessions.add(
    '7',
    { title: 'Patrol', type: 'patrol', startsAt: new Date('2026-11-27T18:00:00Z'), durationMinutes: 30, slots: 5 },
    1,
  );
  await sessions.setHost('7', created.id, 'host', { userId: '42', username: 'Host' });
  await sessions.setHost('7', created.id, 'co-host', { userId: '43', username: 'Co' });
  for (const [userId, username] of [
    ['42', 'Host'],
    ['44', 'Member'],
    ['45', 'Claimed'],
    ['46', 'NoAccount'],
  ])
    await sessions.signup('7', created.id, { userId: userId!, username: username! });
  const notifications = new InMemoryNotifications();
  const posts = new RecordingSessionNotices();
  const sut = new RemindSession({ sessions, groups, customers, notifications, posts });
  const job = { groupId: '7', sessionId: created.id, startsAt: '2026-11-27T18:00:00.000Z' };
  return { sut, sessions, notifications, posts, job };
}

describe('RemindSession', () => {
  it('tells host, co-host and signed-up members with a proven account once each, and queues the reminder post', async () => {
    const { sut, notifications, posts, job } = await makeSut();
    expect(await sut.execute(job)).toBe(3);
    expect(notifications.rows.map((row) => [row.customerId, row.kind, row.title, row.message])).toEqual([
      [
        1,
        'session-reminder',
        'Patrol starts soon',
        'patrol session in Cafe at 2026-11-27T18:00:00.000Z, 30 minutes. You host it.',
      ],
      [
        2,
        'session-reminder',
        'Patrol starts soon',
        'patrol session in Cafe at 2026-11-27T18:00:00.000Z, 30 minutes. You co-host it.',
      ],
      [
        3,
        'session-reminder',
        'Patrol starts soon',
        'patrol session in Cafe at 2026-11-27T18:00:00.000Z, 30 minutes. You signed up for it.',
      ],
    ]);
    expect(posts.posts).toEqual([{ ...job, post: 'reminder' }]);
    // The job run again (a retry) tells nobody twice.
    await sut.execute(job);
    expect(notifications.rows).toHaveLength(3);
  });

  it('does nothing for a session moved, cancelled or gone since the job was queued', async () => {
    const { sut, sessions, notifications, posts, job } = await makeSut();
    expect(await sut.execute({ ...job, startsAt: '2026-11-27T17:00:00.000Z' })).toBeNull();
    expect(await sut.execute({ ...job, sessionId: 99 })).toBeNull();
    sessions.rows[0]!.status = 'cancelled';
    expect(await sut.execute(job)).toBeNull();
    expect(notifications.rows).toEqual([]);
    expect(posts.posts).toEqual([]);
  });
});
