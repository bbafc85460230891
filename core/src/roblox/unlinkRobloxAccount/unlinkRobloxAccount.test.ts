import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import { NOT_LINKED } from '../linkedAccount.ts';
import { InMemoryVerificationCodes, RecordingRoleSync } from '../testing/fakes.ts';
import { UnlinkRobloxAccount } from './unlinkRobloxAccount.ts';

describe('UnlinkRobloxAccount', () => {
  it('forgets the account and its code, and resyncs the Discord roles it earned', async () => {
    const customers = new InMemoryCustomerRepository().add(
      makeCustomer({ id: 1, discordId: '555', robloxId: '42', robloxUsername: 'Mine', isVerified: true }),
    );
    const codes = new InMemoryVerificationCodes();
    await codes.put({ customerId: 1, robloxId: '42', code: 'C1XXXXXX', expiresAt: new Date() });
    const roleSync = new RecordingRoleSync();
    const sut = new UnlinkRobloxAccount(customers, codes, roleSync);
    expect(await sut.execute(1)).toEqual({ message: 'Roblox account unlinked' });
    expect(customers.stored(1)).toMatchObject({ robloxId: null, robloxUsername: null, isVerified: false });
    expect(codes.rows.size).toBe(0);
    expect(roleSync.users).toEqual(['555']);
    await expect(sut.execute(1)).rejects.toThrow(new Forbidden('ROBLOX.NOT_LINKED', NOT_LINKED));
  });
});
