import { describe, expect, it } from 'vitest';
import { InMemoryStaffActivityLog } from '../testing/fakes.ts';
import { ListStaffActivities } from './listStaffActivities.ts';

const makeSut = async (count: number) => {
  const log = new InMemoryStaffActivityLog();
  for (let i = 1; i <= count; i += 1) await log.record({ staffUserId: 1, type: 't', description: `entry ${i}` });
  return new ListStaffActivities(log, { defaultLimit: 20, maxLimit: 50 });
};

describe('ListStaffActivities', () => {
  it('answers the newest first, 20 by default', async () => {
    const list = await (await makeSut(30)).execute(undefined);
    expect(list).toHaveLength(20);
    expect(list[0]?.description).toBe('entry 30');
  });

  it('clamps the limit between 1 and the maximum', async () => {
    const sut = await makeSut(80);
    expect(await sut.execute(1000)).toHaveLength(50);
    expect(await sut.execute(0)).toHaveLength(1);
    expect(await sut.execute(5)).toHaveLength(5);
  });
});
