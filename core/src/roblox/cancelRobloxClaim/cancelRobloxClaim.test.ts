import { describe, expect, it } from 'vitest';
import { Unauthenticated } from '../../shared/errors.ts';
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import { InMemoryPendingClaims, InMemoryVerificationCodes } from '../testing/fakes.ts';
import { CancelRobloxClaim, CLAIM_CANCELLED, NO_CLAIM } from './cancelRobloxClaim.ts';

const now = new Date('2026-05-01T10:00:00Z');
const later = new Date(now.getTime() + 60_000);

function makeSut() {
  const customers = new InMemoryCustomerRepository().add(
    makeCustomer({ id: 1, robloxId: '42', robloxUsername: 'Mine' }),
  );
  const claims = new InMemoryPendingClaims();
  const codes = new InMemoryVerificationCodes();
  return { sut: new CancelRobloxClaim(customers, claims, codes, { now: () => now }), claims, codes };
}

describe('CancelRobloxClaim', () => {
  it("drops the pending claim and its code, keeping a code for the customer's own account", async () => {
    const { sut, claims, codes } = makeSut();
    await claims.put({ customerId: 1, robloxId: '43', robloxUsername: 'Other', expiresAt: later });
    await codes.put({ customerId: 1, robloxId: '43', code: 'C1XXXXXX', expiresAt: later });
    expect(await sut.execute(1)).toEqual({ message: CLAIM_CANCELLED });
    expect(claims.rows.size).toBe(0);
    expect(codes.rows.size).toBe(0);

    await codes.put({ customerId: 1, robloxId: '42', code: 'C2XXXXXX', expiresAt: later });
    expect(await sut.execute(1)).toEqual({ message: NO_CLAIM });
    expect(codes.rows.get(1)?.code).toBe('C2XXXXXX');
  });

  it('answers no visitor', async () => {
    await expect(makeSut().sut.execute(undefined)).rejects.toBeInstanceOf(Unauthenticated);
  });
});
