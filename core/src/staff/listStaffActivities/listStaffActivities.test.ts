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
    const { items, nextCursor } = await (await makeSut(30)).execute();
    expect(items).toHaveLength(20);
    expect(items[0]?.description).toBe('entry 30');
    expect(nextCursor).toEqual({ id: 11 });
  });

  it('continues before the cursor, with no cursor on the last page', async () => {
    const { items, nextCursor } = await (await makeSut(30)).execute({ before: { id: 11 } });
    expect(items.map((entry) => entry.description)).toEqual(Array.from({ length: 10 }, (_, i) => `entry ${10 - i}`));
    expect(nextCursor).toBeNull();
  });

  it('clamps the limit between 1 and the maximum', async () => {
    const sut = await makeSut(80);
    expect((await sut.execute({ limit: 1000 })).items).toHaveLength(50);
    expect((await sut.execute({ limit: 0 })).items).toHaveLength(1);
    expect((await sut.execute({ limit: 5 })).items).toHaveLength(5);
  });
});
