import { describe, expect, it } from 'vitest';
import { NotFound, Unauthenticated } from '../../shared/errors.ts';
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import { InMemoryRoblox } from '../testing/fakes.ts';
import { ReadRobloxHeadshot } from './readRobloxHeadshot.ts';

describe('ReadRobloxHeadshot (issue 23)', () => {
  it('answers headshots to signed-in customers only, so a visitor cannot spend our Roblox quota', async () => {
    const roblox = new InMemoryRoblox();
    roblox.addUser('42', 'Builderman');
    const sut = new ReadRobloxHeadshot(new InMemoryCustomerRepository().add(makeCustomer({ id: 2 })), roblox);
    await expect(sut.execute(undefined, '42')).rejects.toBeInstanceOf(Unauthenticated);
    expect(roblox.headshots).toBe(0);
    expect((await sut.execute(2, '42')).contentType).toBe('image/png');
    await expect(sut.execute(2, '43')).rejects.toBeInstanceOf(NotFound);
  });
});
