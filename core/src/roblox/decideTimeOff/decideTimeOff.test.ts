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
import { InMemoryTimeOff } from '../testing/workspaceFakes.ts';
import { DecideTimeOff, OWN_TIME_OFF, TIME_OFF_DECIDED } from '../decideTimeOff/decideTimeOff.ts';
import { ListTimeOff } from '../listTimeOff/listTimeOff.ts';
import { RequestTimeOff } from '../requestTimeOff/requestTimeOff.ts';

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
  const access = new GroupAccessPolicy(customers, roblox, connected, RANK_CHECK);
  const sut = {
    request: new RequestTimeOff(access, requests, notifications),
    list: new ListTimeOff(access, requests, 50),
    decide: new DecideTimeOff(access, requests, notifications, clock),
  };
  return { sut, requests, notifications };
}

const request = { startDate: '2026-12-01', endDate: '2026-12-05', reason: 'Exams' };

describe('RequestTimeOff, ListTimeOff and DecideTimeOff', () => {
  it('lets a rank granted "request time off" file one, tells the connector, and the member hears the decision', async () => {
    const { sut, notifications } = await makeSut();
    const filed = await sut.request.execute(2, '7', request);
    expect(filed).toMatchObject({ robloxUserId: '43', username: 'Staff', status: 'pending' });
    expect(await notifications.list(1, 10)).toMatchObject([{ kind: 'time-off-requested' }]);
    const decided = await sut.decide.execute(4, '7', filed.id, { status: 'approved', note: 'Good luck' });
    expect(decided).toMatchObject({ status: 'approved', note: 'Good luck', decidedBy: 'Admin' });
    expect(await notifications.list(2, 10)).toMatchObject([{ kind: 'time-off-decided', title: 'Time off approved' }]);
    await expect(sut.decide.execute(1, '7', filed.id, { status: 'declined' })).rejects.toThrow(
      new Conflict('ROBLOX.TIME_OFF_DECIDED', TIME_OFF_DECIDED),
    );
  });

  it('refuses a rank without the permission, deciding as a non-manager, and a manager deciding their own', async () => {
    const { sut, requests } = await makeSut();
    await expect(sut.request.execute(3, '7', request)).rejects.toThrow(
      new Forbidden('ROBLOX.RANK_NOT_PERMITTED', NOT_PERMITTED),
    );
    expect(requests.rows).toEqual([]);
    const own = await sut.request.execute(4, '7', request);
    await expect(sut.decide.execute(4, '7', own.id, { status: 'approved' })).rejects.toThrow(
      new Forbidden('ROBLOX.OWN_TIME_OFF', OWN_TIME_OFF),
    );
    const staff = await sut.request.execute(2, '7', request);
    await expect(sut.decide.execute(2, '7', staff.id, { status: 'approved' })).rejects.toBeInstanceOf(Forbidden);
    await expect(sut.decide.execute(1, '7', 999, { status: 'approved' })).rejects.toBeInstanceOf(NotFound);
  });

  it('shows managers every request and members only their own', async () => {
    const { sut } = await makeSut();
    await sut.request.execute(2, '7', request);
    await sut.request.execute(4, '7', request);
    expect((await sut.list.execute(1, '7')).length).toBe(2);
    expect((await sut.list.execute(2, '7')).map((row) => row.robloxUserId)).toEqual(['43']);
  });
});
