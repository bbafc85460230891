import { describe, expect, it } from 'vitest';
import { Conflict, Forbidden, NotFound } from '../../shared/errors.ts';
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import { connectGroupSchema } from '../../contracts/roblox.ts';
import {
  groupsOf,
  InMemoryConnectedGroups,
  InMemoryNotifications,
  InMemoryRoblox,
  SequentialRandom,
  RANK_CHECK,
} from '../testing/fakes.ts';
import { GroupAccessPolicy, NOT_PERMITTED } from '../groupAccess.ts';
import { ConnectGroup } from '../connectGroup/connectGroup.ts';
import type { TimeOff, TimeOffRequests } from '../workspacePorts.ts';
import { ManageTimeOff, OWN_TIME_OFF, TIME_OFF_DECIDED } from './manageTimeOff.ts';

class InMemoryTimeOff implements TimeOffRequests {
  rows: TimeOff[] = [];
  async add(request: Parameters<TimeOffRequests['add']>[0]) {
    const row: TimeOff = {
      ...request,
      id: this.rows.length + 1,
      status: 'pending',
      note: null,
      decidedBy: null,
      decidedAt: null,
      createdAt: new Date(),
    };
    this.rows.push(row);
    return row;
  }
  async list(groupId: string, limit: number, robloxUserId?: string) {
    return this.rows
      .filter((row) => row.groupId === groupId && (!robloxUserId || row.robloxUserId === robloxUserId))
      .slice(0, limit);
  }
  async find(groupId: string, id: number) {
    return this.rows.find((row) => row.groupId === groupId && row.id === id) ?? null;
  }
  async decide(
    groupId: string,
    id: number,
    decision: Pick<TimeOff, 'note' | 'decidedBy' | 'decidedAt'> & { status: 'approved' | 'declined' },
  ) {
    const row = this.rows.find((candidate) => candidate.groupId === groupId && candidate.id === id);
    if (!row || row.status !== 'pending') return null;
    Object.assign(row, decision);
    return row;
  }
  async excusedBetween() {
    return new Set<string>();
  }
}

async function makeSut() {
  const customers = new InMemoryCustomerRepository()
    .add(makeCustomer({ id: 1, robloxId: '42', robloxUsername: 'Owner', isVerified: true }))
    .add(makeCustomer({ id: 2, robloxId: '43', robloxUsername: 'Staff', isVerified: true }))
    .add(makeCustomer({ id: 3, robloxId: '44', robloxUsername: 'Member', isVerified: true }))
    .add(makeCustomer({ id: 4, robloxId: '45', robloxUsername: 'Admin', isVerified: true }));
  const roblox = new InMemoryRoblox();
  roblox.addGroup('7', 'Cafe', [
    ['Member', 1],
    ['Staff', 10],
    ['Administrator', 200],
    ['Owner', 255],
  ]);
  roblox.join('42', '7', 'Owner');
  roblox.join('43', '7', 'Staff');
  roblox.join('44', '7', 'Member');
  roblox.join('45', '7', 'Administrator');
  const connected = new InMemoryConnectedGroups();
  await new ConnectGroup(customers, roblox, groupsOf(roblox), connected, new SequentialRandom(), RANK_CHECK).execute(
    1,
    connectGroupSchema.parse({
      groupId: '7',
      rankPermissions: [
        { rankId: 10, canAccessWorkspace: true, canRequestTimeoff: true },
        { rankId: 1, canAccessWorkspace: true },
      ],
    }),
  );
  const requests = new InMemoryTimeOff();
  const notifications = new InMemoryNotifications();
  const clock = { now: () => new Date('2026-11-26T12:00:00Z') };
  const sut = new ManageTimeOff(
    new GroupAccessPolicy(customers, roblox, connected, RANK_CHECK),
    requests,
    notifications,
    clock,
    50,
  );
  return { sut, requests, notifications };
}

const request = { startDate: '2026-12-01', endDate: '2026-12-05', reason: 'Exams' };

describe('ManageTimeOff', () => {
  it('lets a rank granted "request time off" file one, tells the connector, and the member hears the decision', async () => {
    const { sut, notifications } = await makeSut();
    const filed = await sut.request(2, '7', request);
    expect(filed).toMatchObject({ robloxUserId: '43', username: 'Staff', status: 'pending' });
    expect(await notifications.list(1, 10)).toMatchObject([{ kind: 'time-off-requested' }]);
    const decided = await sut.decide(4, '7', filed.id, { status: 'approved', note: 'Good luck' });
    expect(decided).toMatchObject({ status: 'approved', note: 'Good luck', decidedBy: 'Admin' });
    expect(await notifications.list(2, 10)).toMatchObject([{ kind: 'time-off-decided', title: 'Time off approved' }]);
    await expect(sut.decide(1, '7', filed.id, { status: 'declined' })).rejects.toThrow(
      new Conflict('ROBLOX.TIME_OFF_DECIDED', TIME_OFF_DECIDED),
    );
  });

  it('refuses a rank without the permission, deciding as a non-manager, and a manager deciding their own', async () => {
    const { sut, requests } = await makeSut();
    await expect(sut.request(3, '7', request)).rejects.toThrow(
      new Forbidden('ROBLOX.RANK_NOT_PERMITTED', NOT_PERMITTED),
    );
    expect(requests.rows).toEqual([]);
    const own = await sut.request(4, '7', request);
    await expect(sut.decide(4, '7', own.id, { status: 'approved' })).rejects.toThrow(
      new Forbidden('ROBLOX.OWN_TIME_OFF', OWN_TIME_OFF),
    );
    const staff = await sut.request(2, '7', request);
    await expect(sut.decide(2, '7', staff.id, { status: 'approved' })).rejects.toBeInstanceOf(Forbidden);
    await expect(sut.decide(1, '7', 999, { status: 'approved' })).rejects.toBeInstanceOf(NotFound);
  });

  it('shows managers every request and members only their own', async () => {
    const { sut } = await makeSut();
    await sut.request(2, '7', request);
    await sut.request(4, '7', request);
    expect((await sut.list(1, '7')).length).toBe(2);
    expect((await sut.list(2, '7')).map((row) => row.robloxUserId)).toEqual(['43']);
  });
});
