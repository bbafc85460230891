import type { Clock } from '../../shared/clock.ts';
import type { CustomerRepository } from '../../customer/ports.ts';
import type { RandomStrings, VerificationCodes } from '../groupPorts.ts';
import { requireLinked } from '../linkedAccount.ts';

/**
 * POST /api/user/roblox/verification-code: a fresh code for the linked account, kept on the server for `ttlMs`
 * (it replaces any earlier one). The user puts it in their Roblox profile description.
 */
export class IssueVerificationCode {
  readonly #customers: CustomerRepository;
  readonly #codes: VerificationCodes;
  readonly #random: RandomStrings;
  readonly #clock: Clock;
  readonly #ttlMs: number;

  constructor(
    customers: CustomerRepository,
    codes: VerificationCodes,
    random: RandomStrings,
    clock: Clock,
    ttlMs: number,
  ) {
    this.#customers = customers;
    this.#codes = codes;
    this.#random = random;
    this.#clock = clock;
    this.#ttlMs = ttlMs;
  }

  async execute(customerId: number | undefined, length: 6 | 8): Promise<{ code: string; expiresAt: Date }> {
    const customer = await requireLinked(this.#customers, customerId);
    const code = this.#random.code(length);
    const expiresAt = new Date(this.#clock.now().getTime() + this.#ttlMs);
    await this.#codes.put({ customerId: customer.id, robloxId: customer.robloxId, code, expiresAt });
    return { code, expiresAt };
  }
}
