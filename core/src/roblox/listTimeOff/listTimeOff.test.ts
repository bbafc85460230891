import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { InMemoryNotifications } from '../testing/fakes.ts';
import { connectedWorkspace, GROUP, MEMBER, OWNER, STAFF } from '../testing/workspace.ts';
import { InMemoryTimeOff } from '../testing/workspaceFakes.ts';
import { RequestTimeOff } from '../requestTimeOff/requestTimeOff.ts';
import { ListTimeOff } from './listTimeOff.ts';

const request = { startDate: '2026-12-01', endDate: '2026-12-05', reason: 'Exams' };

describe('ListTimeOff', () => {
  it('shows managers every request and members only their own', async () => {
    const { access } = await connectedWorkspace();
    const requests = new InMemoryTimeOff();
    const file = new RequestTimeOff(access, requests, new InMemoryNotifications());
    await file.execute(STAFF, GROUP, request);
    await file.execute(OWNER, GROUP, request);
    const sut = new ListTimeOff(access, requests, 50);
    expect((await sut.execute(OWNER, GROUP)).map((row) => row.robloxUserId)).toEqual(['43', '42']);
    expect((await sut.execute(STAFF, GROUP)).map((row) => row.robloxUserId)).toEqual(['43']);
    await expect(sut.execute(MEMBER, GROUP)).rejects.toBeInstanceOf(Forbidden);
  });
});
