import { describe, expect, it } from 'vitest';
import { Conflict, NotFound, Unauthenticated, Unavailable } from '../../shared/errors.ts';
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import { InMemoryRoblox, RecordingRoleSync } from '../testing/fakes.ts';
import { LinkRobloxAccount } from './linkRobloxAccount.ts';

const makeSut = () => {
  const customers = new InMemoryCustomerRepository().add(makeCustomer({ id: 1, discordId: '111' }));
  const roblox = new InMemoryRoblox();
  roblox.addUser('42', 'Builderman');
  roblox.addGroup('7', 'Builders', [
    ['Member', 1],
    ['Owner', 255],
  ]);
  roblox.join('42', '7', 'Owner');
  const roleSync = new RecordingRoleSync();
  return { sut: new LinkRobloxAccount(customers, roblox, roblox, roleSync), customers, roblox, roleSync };
};

describe('LinkRobloxAccount', () => {
  it('links the exact username in any case, unverified, lists the roles and re-syncs Discord', async () => {
    const { sut, customers, roleSync } = makeSut();
    expect(await sut.execute(1, 'builderMAN')).toEqual({
      robloxUsername: 'Builderman',
      robloxId: '42',
      isVerified: false,
      currentRoles: ['Builders: Owner'],
    });
    expect(customers.stored(1)).toMatchObject({ robloxId: '42', robloxUsername: 'Builderman', isVerified: false });
    expect(roleSync.users).toEqual(['111']);
  });

  it('keeps the proof when the same account is linked again, and drops it for another account', async () => {
    const { sut, customers, roblox } = makeSut();
    customers.add(makeCustomer({ id: 1, robloxId: '42', robloxUsername: 'Builderman', isVerified: true }));
    expect((await sut.execute(1, 'Builderman')).isVerified).toBe(true);
    roblox.addUser('43', 'Other');
    expect((await sut.execute(1, 'Other')).isVerified).toBe(false);
  });

  it('says "not found" for an unknown user and "already linked" when another user holds the account', async () => {
    const { sut, customers } = makeSut();
    await expect(sut.execute(1, 'nobody')).rejects.toThrow(new NotFound('Roblox user not found'));
    customers.add(makeCustomer({ id: 2, discordId: '222', robloxId: '42' }));
    const error = await sut.execute(1, 'Builderman').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Conflict);
    expect((error as Error).message).toContain('already linked');
    expect(customers.stored(1)?.robloxId).toBeNull();
  });

  it('keeps the link when the roles cannot be read, and refuses visitors', async () => {
    const { sut, roblox } = makeSut();
    roblox.groupRolesOf = async () => {
      throw new Unavailable('Roblox is not answering');
    };
    expect((await sut.execute(1, 'Builderman')).currentRoles).toEqual([]);
    await expect(sut.execute(undefined, 'Builderman')).rejects.toBeInstanceOf(Unauthenticated);
  });
});
