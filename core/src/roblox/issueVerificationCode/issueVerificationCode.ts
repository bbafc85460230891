import { Forbidden } from '../../shared/errors.ts';
import type { Clock } from '../../shared/clock.ts';
import type { CustomerRepository } from '../../customer/ports.ts';
import { requireCustomer } from '../../customer/requireCustomer.ts';
import type { PendingClaims, RandomStrings, VerificationCodes } from '../groupPorts.ts';
import { NOT_LINKED } from '../linkedAccount.ts';

/**
 * POST /api/user/roblox/verification-code: a fresh code for the pending claim (or, with none, the current link),
 * kept on the server for `ttlMs` (it replaces any earlier one). The user puts it in their Roblox profile description.
 */
export class IssueVerificationCode {
  readonly #customers: CustomerRepository;
  readonly #codes: VerificationCodes;
  readonly #claims: PendingClaims;
  readonly #random: RandomStrings;
  readonly #clock: Clock;
  readonly #ttlMs: number;

  constructor(deps: {
    customers: CustomerRepository;
    codes: VerificationCodes;
    claims: PendingClaims;
    random: RandomStrings;
    clock: Clock;
    ttlMs: number;
  }) {
    this.#customers = deps.customers;
    this.#codes = deps.codes;
    this.#claims = deps.claims;
    this.#random = deps.random;
    this.#clock = deps.clock;
    this.#ttlMs = deps.ttlMs;
  }

  async execute(customerId: number | undefined, length: 6 | 8): Promise<{ code: string; expiresAt: Date }> {
    const customer = await requireCustomer(this.#customers, customerId);
    const now = this.#clock.now();
    const robloxId = (await this.#claims.find(customer.id, now))?.robloxId ?? customer.robloxId;
    if (!robloxId) throw new Forbidden('ROBLOX.NOT_LINKED', NOT_LINKED);
    const code = this.#random.code(length);
    const expiresAt = new Date(now.getTime() + this.#ttlMs);
    await this.#codes.put({ customerId: customer.id, robloxId, code, expiresAt });
    return { code, expiresAt };
  }
}
