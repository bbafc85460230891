import { Conflict, Forbidden, Invalid, NotFound } from '../../shared/errors.ts';
import type { Clock } from '../../shared/clock.ts';
import { enforceRateLimit, type RateLimiter } from '../../shared/rateLimiter.ts';
import type { Transaction } from '../../shared/transaction.ts';
import type { CustomerRepository } from '../../customer/ports.ts';
import { requireCustomer } from '../../customer/requireCustomer.ts';
import type { RoleSyncQueue } from '../../discord/ports.ts';
import type { PendingClaims, VerificationCodes } from '../groupPorts.ts';
import type { RobloxProfileReader } from '../ports.ts';
import { NOT_LINKED, resyncRoles } from '../linkedAccount.ts';

export const INVALID_CODE = 'Invalid verification code';
export const NO_CODE = 'No verification code is pending, or it expired. Please generate a new code.';
export const TOO_MANY_VERIFY_ATTEMPTS =
  'Too many verification attempts. Please wait before checking your profile again.';
export const TAKEN = 'This Roblox account is already linked to another user';
/** The code is right but not (yet) in the profile: Roblox may show a saved About a little late. */
export const notInProfile = (code: string, name: string) =>
  `We couldn't find ${code} in ${name}'s About yet. Save the profile on Roblox, wait a moment and press Verify again`;

/**
 * POST /api/user/roblox/verify-code: the issued code must be in the profile description of the account it was
 * issued for (the pending claim, or the current link), read through the users API now, past any cache. When the
 * browser also sends the code the user typed, it must be the issued one. A proven claim becomes the link in one
 * transaction (the previous link gives way, every other customer's claim on that account is released), and only
 * then are the member's Discord roles re-synced. Each attempt spends a call to Roblox past our cache, so attempts
 * are limited per customer (`quota`).
 */
export class VerifyRobloxCode {
  readonly #customers: CustomerRepository;
  readonly #codes: VerificationCodes;
  readonly #claims: PendingClaims;
  readonly #profiles: RobloxProfileReader;
  readonly #roleSync: RoleSyncQueue;
  readonly #clock: Clock;
  readonly #transaction: Transaction;
  readonly #quota: RateLimiter;

  constructor(deps: {
    customers: CustomerRepository;
    codes: VerificationCodes;
    claims: PendingClaims;
    profiles: RobloxProfileReader;
    roleSync: RoleSyncQueue;
    clock: Clock;
    transaction: Transaction;
    /** Counts attempts per customer (ROBLOX_VERIFY_CODE_PER_HOUR). */
    quota: RateLimiter;
  }) {
    this.#customers = deps.customers;
    this.#codes = deps.codes;
    this.#claims = deps.claims;
    this.#profiles = deps.profiles;
    this.#roleSync = deps.roleSync;
    this.#clock = deps.clock;
    this.#transaction = deps.transaction;
    this.#quota = deps.quota;
  }

  async execute(customerId: number | undefined, typed?: string) {
    const customer = await requireCustomer(this.#customers, customerId);
    await enforceRateLimit(this.#quota, String(customer.id), 'ROBLOX.TOO_MANY_CODE_CHECKS', TOO_MANY_VERIFY_ATTEMPTS);
    const now = this.#clock.now();
    const claim = await this.#claims.find(customer.id, now);
    if (!claim && !customer.robloxId) throw new Forbidden('ROBLOX.NOT_LINKED', NOT_LINKED);
    const issued = await this.#codes.find(customer.id);
    // A code counts only for the account it was issued for, and only while that account is still the claim or link.
    const forCurrent = issued && (issued.robloxId === claim?.robloxId || issued.robloxId === customer.robloxId);
    if (!issued || issued.expiresAt <= now || !forCurrent) {
      throw new Invalid('ROBLOX.NO_PENDING_CODE', NO_CODE, [{ path: ['code'], message: NO_CODE }]);
    }
    if (typed !== undefined && typed.trim().toUpperCase() !== issued.code) {
      throw new Invalid('ROBLOX.WRONG_CODE', INVALID_CODE, [{ path: ['code'], message: INVALID_CODE }]);
    }
    const profile = await this.#profiles.freshProfile(issued.robloxId);
    if (!profile) throw new NotFound('ROBLOX.USER_NOT_FOUND', 'Roblox user not found');
    if (!profile.description.toUpperCase().includes(issued.code)) {
      const message = notInProfile(issued.code, profile.name);
      throw new Invalid('ROBLOX.CODE_NOT_IN_PROFILE', message, [{ path: ['code'], message }]);
    }
    const proven = await this.#transaction.run(async () => {
      const holder = await this.#customers.findByRobloxId(issued.robloxId);
      if (holder && holder.id !== customer.id) throw new Conflict('ROBLOX.ACCOUNT_TAKEN', TAKEN);
      const current = (await this.#customers.findById(customer.id)) ?? customer;
      const next = { ...current, robloxId: issued.robloxId, robloxUsername: profile.name, isVerified: true };
      await this.#claims.releaseAccount(issued.robloxId);
      await this.#codes.remove(customer.id);
      // Last: saving drops cached copies of the customer everywhere, and the commit should follow at once.
      await this.#customers.save(next);
      return next;
    });
    await resyncRoles(this.#roleSync, proven);
    return { isVerified: true as const, robloxId: issued.robloxId, robloxUsername: profile.name };
  }
}
