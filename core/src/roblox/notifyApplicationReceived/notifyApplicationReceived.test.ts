import { describe, expect, it } from 'vitest';
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import { InMemoryNotifications } from '../testing/fakes.ts';
import type { ConnectedGroup, GroupMemberEntry } from '../groupPorts.ts';
import { NotifyApplicationReceived } from './notifyApplicationReceived.ts';

const member = (userId: string, rankId: number | null, rankName: string | null): GroupMemberEntry => ({
  userId,
  username: `U${userId}`,
  displayName: null,
  rankId,
  rankName,
  isTracked: true,
  isOnline: false,
  lastOnline: null,
});

function makeSut() {
  const customers = new InMemoryCustomerRepository()
    .add(makeCustomer({ id: 1, robloxId: '42', isVerified: true }))
    .add(makeCustomer({ id: 2, robloxId: '43', isVerified: true }))
    .add(makeCustomer({ id: 3, robloxId: '44', isVerified: true }))
    .add(makeCustomer({ id: 4, robloxId: '45', isVerified: true }))
    .add(makeCustomer({ id: 5, robloxId: '46', isVerified: false }));
  const notifications = new InMemoryNotifications();
  const members = [
    member('42', 255, 'Owner'),
    member('43', 120, 'Officer'),
    member('44', 5, 'Moderator'),
    member('45', 10, 'Trainee'),
    member('46', 200, 'Officer'),
  ];
  const sut = new NotifyApplicationReceived({
    records: { members: async () => members },
    customers,
    notifications,
    memberLimit: 100,
  });
  return { sut, notifications };
}

const group = { groupId: '7', name: 'Cafe', connectedBy: 1 } as ConnectedGroup;
const application = {
  id: 9,
  applicantName: 'newbie',
  desiredRank: 'Trainee',
  status: 'pending',
  createdAt: new Date(),
};

describe('NotifyApplicationReceived', () => {
  it('tells the connector and every manager by rank or role name with a proven account, not the recorder', async () => {
    const { sut, notifications } = makeSut();
    expect((await sut.execute(group, application, 2)).sort()).toEqual([1, 3]);
    expect(notifications.rows.map((row) => [row.customerId, row.kind, row.title, row.message])).toEqual([
      [1, 'application-received', 'New application in Cafe', 'newbie applies for Trainee.'],
      [3, 'application-received', 'New application in Cafe', 'newbie applies for Trainee.'],
    ]);
  });

  it('tells the connector of an entry another manager recorded even in a group with no other managers known', async () => {
    const { notifications } = makeSut();
    const alone = new NotifyApplicationReceived({
      records: { members: async () => [] },
      customers: new InMemoryCustomerRepository(),
      notifications,
      memberLimit: 100,
    });
    expect(await alone.execute(group, application, 1)).toEqual([]);
    expect(await alone.execute(group, application, 7)).toEqual([1]);
  });
});
