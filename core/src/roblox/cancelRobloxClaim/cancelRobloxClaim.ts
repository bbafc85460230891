import type { Clock } from '../../shared/clock.ts';
import type { CustomerRepository } from '../../customer/ports.ts';
import { requireCustomer } from '../../customer/requireCustomer.ts';
import type { PendingClaims, VerificationCodes } from '../groupPorts.ts';

export const CLAIM_CANCELLED = 'Pending Roblox account cancelled';
export const NO_CLAIM = 'No Roblox account is pending';

/**
 * DELETE /api/user/roblox/claim: drops the customer's pending claim and the code issued for it, and nothing else:
 * the current link, its roles and its groups were never touched by the claim.
 */
export class CancelRobloxClaim {
  readonly #customers: CustomerRepository;
  readonly #claims: PendingClaims;
  readonly #codes: VerificationCodes;
  readonly #clock: Clock;

  constructor(customers: CustomerRepository, claims: PendingClaims, codes: VerificationCodes, clock: Clock) {
    this.#customers = customers;
    this.#claims = claims;
    this.#codes = codes;
    this.#clock = clock;
  }

  async execute(customerId: number | undefined): Promise<{ message: string }> {
    const customer = await requireCustomer(this.#customers, customerId);
    const claim = await this.#claims.find(customer.id, this.#clock.now());
    await this.#claims.remove(customer.id);
    const code = await this.#codes.find(customer.id);
    if (code && code.robloxId !== customer.robloxId) await this.#codes.remove(customer.id);
    return { message: claim ? CLAIM_CANCELLED : NO_CLAIM };
  }
}
