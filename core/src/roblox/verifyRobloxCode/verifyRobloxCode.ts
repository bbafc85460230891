import { Invalid, NotFound } from '../../shared/errors.ts';
import type { Clock } from '../../shared/clock.ts';
import type { CustomerRepository } from '../../customer/ports.ts';
import type { RoleSyncQueue } from '../../discord/ports.ts';
import type { VerificationCodes } from '../groupPorts.ts';
import type { RobloxProfileReader } from '../ports.ts';
import { requireLinked, resyncRoles } from '../linkedAccount.ts';

export const INVALID_CODE = 'Invalid verification code';
export const NO_CODE = 'No verification code is pending, or it expired. Please generate a new code.';

/**
 * POST /api/user/roblox/verify-code: the issued code must be in the linked account's profile description, read
 * through the users API now, past any cache. When the browser also sends the code the user typed, it must be the issued one.
 */
export class VerifyRobloxCode {
  readonly #customers: CustomerRepository;
  readonly #codes: VerificationCodes;
  readonly #profiles: RobloxProfileReader;
  readonly #roleSync: RoleSyncQueue;
  readonly #clock: Clock;

  constructor(
    customers: CustomerRepository,
    codes: VerificationCodes,
    profiles: RobloxProfileReader,
    roleSync: RoleSyncQueue,
    clock: Clock,
  ) {
    this.#customers = customers;
    this.#codes = codes;
    this.#profiles = profiles;
    this.#roleSync = roleSync;
    this.#clock = clock;
  }

  async execute(customerId: number | undefined, typed?: string) {
    const customer = await requireLinked(this.#customers, customerId);
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
