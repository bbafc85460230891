import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import { NOT_LINKED } from '../linkedAccount.ts';
import { InMemoryPendingClaims, InMemoryVerificationCodes, SequentialRandom } from '../testing/fakes.ts';
import { IssueVerificationCode } from './issueVerificationCode.ts';

const now = new Date('2026-05-01T10:00:00Z');
const TTL_MS = 600_000;

function makeSut() {
  const customers = new InMemoryCustomerRepository()
    .add(makeCustomer({ id: 1, robloxId: '42', robloxUsername: 'Mine' }))
    .add(makeCustomer({ id: 2 }));
  const claims = new InMemoryPendingClaims();
  const codes = new InMemoryVerificationCodes();
  const sut = new IssueVerificationCode({
    customers,
    codes,
    claims,
    random: new SequentialRandom(),
    clock: { now: () => now },
    ttlMs: TTL_MS,
  });
  return { sut, claims, codes };
}

describe('IssueVerificationCode', () => {
  it('issues a code of the asked length for the linked account, lasting the configured time', async () => {
    const { sut, codes } = makeSut();
    const issued = await sut.execute(1, 6);
    expect(issued).toEqual({ code: 'C1XXXX', expiresAt: new Date(now.getTime() + TTL_MS) });
    expect(codes.rows.get(1)).toEqual({ robloxId: '42', ...issued });
  });

  it('proves the pending claim rather than the linked account, and refuses a customer with neither', async () => {
    const { sut, claims, codes } = makeSut();
    await claims.put({
      customerId: 1,
      robloxId: '43',
      robloxUsername: 'Other',
      expiresAt: new Date(now.getTime() + 1),
    });
    expect((await sut.execute(1, 8)).code).toHaveLength(8);
    expect(codes.rows.get(1)?.robloxId).toBe('43');
    await expect(sut.execute(2, 6)).rejects.toThrow(new Forbidden('ROBLOX.NOT_LINKED', NOT_LINKED));
    expect(codes.rows.has(2)).toBe(false);
  });
});
