import { describe, expect, it } from 'vitest';
import { Unauthenticated, Unavailable } from '../../shared/errors.ts';
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import { InMemoryPendingClaims, InMemoryRoblox } from '../testing/fakes.ts';
import { DescribeRobloxAccount } from './describeRobloxAccount.ts';

const now = new Date('2026-05-01T10:00:00Z');
const clock = { now: () => now };

function makeSut() {
  const customers = new InMemoryCustomerRepository().add(
    makeCustomer({ id: 1, robloxId: '42', robloxUsername: 'Builderman', isVerified: true }),
  );
  const roblox = new InMemoryRoblox();
  roblox.addGroup('7', 'Cafe', [['Owner', 255]]);
  roblox.join('42', '7', 'Owner');
  const claims = new InMemoryPendingClaims();
  return { sut: new DescribeRobloxAccount(customers, roblox, claims, clock), roblox, claims };
}

describe('DescribeRobloxAccount', () => {
  it("describes the customer's account, current roles and pending claim", async () => {
    const { sut, claims } = makeSut();
    const expiresAt = new Date(now.getTime() + 60_000);
    await claims.put({ customerId: 1, robloxId: '43', robloxUsername: 'Other', expiresAt });
    const account = await sut.execute(1);
    expect(account).toMatchObject({ id: 1, robloxId: '42', robloxUsername: 'Builderman', isVerified: true });
    expect(account.currentRoles).toHaveLength(1);
    expect(account.pendingClaim).toEqual({ robloxId: '43', robloxUsername: 'Other', expiresAt });
  });

  it('lists no roles rather than failing while Roblox is down, and answers no visitor', async () => {
    const { sut, roblox } = makeSut();
    roblox.groupRolesOf = async () => {
      throw new Unavailable('ROBLOX.UNAVAILABLE', 'Roblox is down');
    };
    expect((await sut.execute(1)).currentRoles).toEqual([]);
    await expect(sut.execute(undefined)).rejects.toBeInstanceOf(Unauthenticated);
  });
});
