import { describe, expect, it } from 'vitest';
import { Conflict, Unauthenticated } from '../../shared/errors.ts';
import { InMemoryCustomerRepository, InMemoryCustomerSessions, makeCustomer } from '../testing/fakes.ts';
import { InMemoryPendingClaims, RecordingRoleSync } from '../../roblox/testing/fakes.ts';
import { SpyTransaction } from '../../staff/testing/fakes.ts';
import { SignInWithRoblox } from './signInWithRoblox.ts';

const identity = { id: '42', username: 'Builderman' };
const LATER = new Date('2099-01-01T00:00:00Z');
const NOW = new Date('2026-01-01T00:00:00Z');

const makeSut = () => {
  const customers = new InMemoryCustomerRepository().add(makeCustomer({ id: 1, discordId: '111' }));
  const roleSync = new RecordingRoleSync();
  const claims = new InMemoryPendingClaims();
  const transaction = new SpyTransaction();
  const sessions = new InMemoryCustomerSessions();
  return {
    sut: new SignInWithRoblox({ customers, roleSync, claims, transaction, sessions }),
    customers,
    roleSync,
    claims,
    transaction,
    sessions,
  };
};

describe('SignInWithRoblox', () => {
  it('makes the Roblox account the signed-in customer’s proven link in one transaction and re-syncs their roles', async () => {
    const { sut, customers, roleSync, transaction } = makeSut();
    const user = await sut.execute(identity, 1);
    expect(user).toMatchObject({ id: 1, robloxId: '42', robloxUsername: 'Builderman', isVerified: true });
    expect(customers.stored(1)).toMatchObject({ robloxId: '42', isVerified: true, discordId: '111' });
    expect(roleSync.users).toEqual(['111']);
    expect(transaction.runs).toBe(1);
  });

  it('refuses to link a Roblox account that another customer has proven', async () => {
    const { sut, customers } = makeSut();
    customers.add(makeCustomer({ id: 2, discordId: '222', robloxId: '42', isVerified: true }));
    await expect(sut.execute(identity, 1)).rejects.toBeInstanceOf(Conflict);
    expect(customers.stored(1)?.robloxId).toBeNull();
  });

  it('joins a Roblox-only account of the same person: the link moves, its sessions end (issue 36)', async () => {
    const { sut, customers, sessions } = makeSut();
    customers.add(
      makeCustomer({ id: 3, discordId: null, robloxId: '42', robloxUsername: 'Builderman', isVerified: true }),
    );
    sessions.sessions.push({ id: 'phone', customerId: 3 }, { id: 'laptop', customerId: 1 });
    const user = await sut.execute(identity, 1);
    expect(user).toMatchObject({ id: 1, robloxId: '42', isVerified: true, discordId: '111' });
    expect(customers.stored(3)).toMatchObject({ robloxId: null, isVerified: false });
    expect(sessions.sessions).toEqual([{ id: 'laptop', customerId: 1 }]);
    // The next Roblox sign-in lands in the one account.
    expect(await sut.execute(identity)).toMatchObject({ id: 1 });
  });

  it('never takes the link from a banned Roblox-only account, so a ban is not shed by joining', async () => {
    const { sut, customers, sessions } = makeSut();
    customers.add(
      makeCustomer({ id: 3, discordId: null, robloxId: '42', isVerified: true, isBanned: true, bannedReason: 'Scams' }),
    );
    await expect(sut.execute(identity, 1)).rejects.toMatchObject({ code: 'AUTH.ACCOUNT_BANNED' });
    expect(customers.stored(3)).toMatchObject({ robloxId: '42', isVerified: true });
    expect(customers.stored(1)?.robloxId).toBeNull();
    expect(sessions.sessions).toEqual([]);
  });

  it("releases every customer's pending claim on the account it proves", async () => {
    const { sut, customers, claims } = makeSut();
    customers.add(makeCustomer({ id: 2, discordId: '222', robloxId: '9', robloxUsername: 'Mine', isVerified: true }));
    await claims.put({ customerId: 2, robloxId: '42', robloxUsername: 'Builderman', expiresAt: LATER });
    await claims.put({ customerId: 1, robloxId: '42', robloxUsername: 'Builderman', expiresAt: LATER });
    await sut.execute(identity, 1);
    expect(await claims.find(2, NOW)).toBeNull();
    expect(await claims.find(1, NOW)).toBeNull();
    // The claimant keeps its own proven link.
    expect(customers.stored(2)).toMatchObject({ robloxId: '9', isVerified: true });
  });

  it('signs a visitor in as the customer whose link to the Roblox account is proven', async () => {
    const { sut, customers } = makeSut();
    customers.add(makeCustomer({ id: 2, discordId: null, robloxId: '42', robloxUsername: 'old', isVerified: true }));
    const user = await sut.execute(identity);
    expect(user).toMatchObject({ id: 2, robloxUsername: 'Builderman', isVerified: true });
  });

  it('F2: signed out, never signs into an account that only claimed the username; the claim is released', async () => {
    const { sut, customers, claims } = makeSut();
    customers.add(
      makeCustomer({ id: 2, discordId: '222', robloxId: '9', robloxUsername: 'Attacker', isVerified: true }),
    );
    await claims.put({ customerId: 2, robloxId: '42', robloxUsername: 'Builderman', expiresAt: LATER });
    const user = await sut.execute(identity);
    expect(user.id).not.toBe(2);
    expect(user).toMatchObject({ robloxId: '42', discordId: null, isVerified: true });
    expect(await claims.find(2, NOW)).toBeNull();
    // The claimant loses the claim and nothing else.
    expect(customers.stored(2)).toMatchObject({ robloxId: '9', robloxUsername: 'Attacker', isVerified: true });
  });

  it('F2: an unproven link left in the account itself is released, not signed into', async () => {
    const { sut, customers, roleSync } = makeSut();
    customers.add(makeCustomer({ id: 2, discordId: '222', robloxId: '42', robloxUsername: 'Builderman' }));
    const user = await sut.execute(identity);
    expect(user.id).not.toBe(2);
    expect(customers.stored(2)).toMatchObject({ robloxId: null, robloxUsername: null, isVerified: false });
    expect(roleSync.users).toEqual(['222']);
  });

  it('creates a verified customer for a new Roblox account when signed out', async () => {
    const { sut, customers } = makeSut();
    const user = await sut.execute(identity);
    expect(user).toMatchObject({ username: 'Builderman', robloxId: '42', discordId: null, isVerified: true });
    expect(customers.size).toBe(2);
  });

  it('treats a session naming a deleted customer as signed out', async () => {
    const { sut } = makeSut();
    await expect(sut.execute(identity, 99)).rejects.toBeInstanceOf(Unauthenticated);
  });
});
