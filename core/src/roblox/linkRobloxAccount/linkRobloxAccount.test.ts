import { describe, expect, it } from 'vitest';
import { Conflict, NotFound, Unauthenticated, Unavailable } from '../../shared/errors.ts';
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import { InMemoryPendingClaims, InMemoryRoblox } from '../testing/fakes.ts';
import { LinkRobloxAccount } from './linkRobloxAccount.ts';

const NOW = new Date('2026-05-01T10:00:00Z');
const DAY = 24 * 3_600_000;

const makeSut = () => {
  const customers = new InMemoryCustomerRepository().add(makeCustomer({ id: 1, discordId: '111' }));
  const roblox = new InMemoryRoblox();
  roblox.addUser('42', 'Builderman');
  roblox.addGroup('7', 'Builders', [
    ['Member', 1],
    ['Owner', 255],
  ]);
  roblox.join('42', '7', 'Owner');
  const claims = new InMemoryPendingClaims();
  const sut = new LinkRobloxAccount({
    customers,
    users: roblox,
    memberships: roblox,
    claims,
    clock: { now: () => NOW },
    settings: { claimTtlMs: DAY },
  });
  return { sut, customers, roblox, claims };
};

describe('LinkRobloxAccount', () => {
  it('records the exact username in any case as a pending claim, leaving the account unlinked, and lists its roles', async () => {
    const { sut, customers, claims } = makeSut();
    expect(await sut.execute(1, 'builderMAN')).toEqual({
      robloxUsername: 'Builderman',
      robloxId: '42',
      isVerified: false,
      currentRoles: ['Builders: Owner'],
    });
    expect(customers.stored(1)).toMatchObject({ robloxId: null, isVerified: false });
    expect(await claims.find(1, NOW)).toEqual({
      customerId: 1,
      robloxId: '42',
      robloxUsername: 'Builderman',
      expiresAt: new Date(NOW.getTime() + DAY),
    });
  });

  it('F3: a second account typed beside a proven link leaves the link untouched until it is proven', async () => {
    const { sut, customers, roblox, claims } = makeSut();
    customers.add(makeCustomer({ id: 1, robloxId: '42', robloxUsername: 'Builderman', isVerified: true }));
    roblox.addUser('43', 'Other');
    expect((await sut.execute(1, 'Other')).isVerified).toBe(false);
    expect(customers.stored(1)).toMatchObject({ robloxId: '42', robloxUsername: 'Builderman', isVerified: true });
    expect((await claims.find(1, NOW))?.robloxId).toBe('43');
    // Typing the proven account again answers it as verified and drops the other claim.
    expect((await sut.execute(1, 'Builderman')).isVerified).toBe(true);
    expect(await claims.find(1, NOW)).toBeNull();
  });

  it('lets two customers claim the same unproven account: a claim blocks nobody', async () => {
    const { sut, customers, claims } = makeSut();
    customers.add(makeCustomer({ id: 2, discordId: '222' }));
    await sut.execute(2, 'Builderman');
    await sut.execute(1, 'Builderman');
    expect((await claims.find(1, NOW))?.robloxId).toBe('42');
    expect((await claims.find(2, NOW))?.robloxId).toBe('42');
  });

  it('says "not found" for an unknown user and "already linked" when another user has proven the account', async () => {
    const { sut, customers, claims } = makeSut();
    await expect(sut.execute(1, 'nobody')).rejects.toThrow(
      new NotFound('ROBLOX.USER_NOT_FOUND', 'Roblox user not found'),
    );
    customers.add(makeCustomer({ id: 2, discordId: '222', robloxId: '42', isVerified: true }));
    const error = await sut.execute(1, 'Builderman').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Conflict);
    expect((error as Error).message).toContain('already linked');
    expect(await claims.find(1, NOW)).toBeNull();
  });

  it('keeps the claim when the roles cannot be read, and refuses visitors', async () => {
    const { sut, roblox } = makeSut();
    roblox.groupRolesOf = async () => {
      throw new Unavailable('ROBLOX.UNAVAILABLE', 'Roblox is not answering');
    };
    expect((await sut.execute(1, 'Builderman')).currentRoles).toEqual([]);
    await expect(sut.execute(undefined, 'Builderman')).rejects.toBeInstanceOf(Unauthenticated);
  });
});
