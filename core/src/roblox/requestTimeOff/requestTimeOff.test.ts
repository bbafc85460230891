import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { InMemoryNotifications } from '../testing/fakes.ts';
import { connectedWorkspace, GROUP, MEMBER, OWNER, STAFF } from '../testing/workspace.ts';
import { InMemoryTimeOff } from '../testing/workspaceFakes.ts';
import { RequestTimeOff } from './requestTimeOff.ts';

const request = { startDate: '2026-12-01', endDate: '2026-12-05', reason: 'Exams' };

async function makeSut() {
  const { access } = await connectedWorkspace();
  const requests = new InMemoryTimeOff();
  const notifications = new InMemoryNotifications();
  return { sut: new RequestTimeOff(access, requests, notifications), requests, notifications };
}

describe('RequestTimeOff', () => {
  it('files a pending request for a rank granted "request time off" and tells the connector', async () => {
    const { sut, notifications } = await makeSut();
    expect(await sut.execute(STAFF, GROUP, request)).toMatchObject({ robloxUserId: '43', status: 'pending' });
    expect(await notifications.list(OWNER, 10)).toMatchObject([
      {
        kind: 'time-off-requested',
        title: 'Staff asks for time off',
        message: '2026-12-01 to 2026-12-05 in Cafe: Exams',
      },
    ]);
  });

  it('refuses a rank without the permission and files nothing', async () => {
    const { sut, requests, notifications } = await makeSut();
    await expect(sut.execute(MEMBER, GROUP, request)).rejects.toBeInstanceOf(Forbidden);
    expect(requests.rows).toEqual([]);
    expect(await notifications.list(OWNER, 10)).toEqual([]);
  });
});
