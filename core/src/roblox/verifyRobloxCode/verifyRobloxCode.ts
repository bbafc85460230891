import { Invalid, NotFound } from '../../shared/errors.ts';
import type { Clock } from '../../shared/clock.ts';
import { enforceRateLimit, type RateLimiter } from '../../shared/rateLimiter.ts';
import type { CustomerRepository } from '../../customer/ports.ts';
import type { RoleSyncQueue } from '../../discord/ports.ts';
import type { VerificationCodes } from '../groupPorts.ts';
import type { RobloxProfileReader } from '../ports.ts';
import { requireLinked, resyncRoles } from '../linkedAccount.ts';

export const INVALID_CODE = 'Invalid verification code';
export const NO_CODE = 'No verification code is pending, or it expired. Please generate a new code.';
export const TOO_MANY_VERIFY_ATTEMPTS =
  'Too many verification attempts. Please wait before checking your profile again.';

/**
 * POST /api/user/roblox/verify-code: the issued code must be in the linked account's profile description, read
 * through the users API now, past any cache. When the browser also sends the code the user typed, it must be the issued one.
 * Each attempt spends a call to Roblox past our cache, so attempts are limited per customer (`quota`).
 */
export class VerifyRobloxCode {
  readonly #customers: CustomerRepository;
  readonly #codes: VerificationCodes;
  readonly #profiles: RobloxProfileReader;
  readonly #roleSync: RoleSyncQueue;
  readonly #clock: Clock;
  readonly #quota: RateLimiter;

  /** `quota` counts attempts per customer (ROBLOX_VERIFY_CODE_PER_HOUR). */
  constructor(
    customers: CustomerRepository,
    codes: VerificationCodes,
    profiles: RobloxProfileReader,
    roleSync: RoleSyncQueue,
    clock: Clock,
    quota: RateLimiter,
  ) {
    this.#customers = customers;
    this.#codes = codes;
    this.#profiles = profiles;
    this.#roleSync = roleSync;
    this.#clock = clock;
    this.#quota = quota;
  }

  async execute(customerId: number | undefined, typed?: string) {
    const customer = await requireLinked(this.#customers, customerId);
    await enforceRateLimit(this.#quota, String(customer.id), TOO_MANY_VERIFY_ATTEMPTS);
    const issued = await this.#codes.find(customer.id);
    if (!issued || issued.expiresAt <= this.#clock.now() || issued.robloxId !== customer.robloxId) {
      throw new Invalid(NO_CODE, [{ path: ['code'], message: NO_CODE }]);
    }
    if (typed !== undefined && typed.trim().toUpperCase() !== issued.code) {
      throw new Invalid(INVALID_CODE, [{ path: ['code'], message: INVALID_CODE }]);
    }
    const profile = await this.#profiles.freshProfile(customer.robloxId);
    if (!profile) throw new NotFound('Roblox user not found');
    if (!profile.description.toUpperCase().includes(issued.code)) {
      throw new Invalid(INVALID_CODE, [{ path: ['code'], message: INVALID_CODE }]);
    }
    const verified = { ...customer, robloxUsername: profile.name, isVerified: true };
    await this.#customers.save(verified);
    await this.#codes.remove(customer.id);
    await resyncRoles(this.#roleSync, verified);
    return { isVerified: true as const, robloxId: verified.robloxId, robloxUsername: verified.robloxUsername };
  }
}
