import { Unavailable } from '../../shared/errors.ts';
import type { Clock } from '../../shared/clock.ts';
import type { CustomerRepository } from '../../customer/ports.ts';
import { requireCustomer } from '../../customer/requireCustomer.ts';
import type { PendingClaims } from '../groupPorts.ts';
import type { RobloxMemberships } from '../ports.ts';
import { currentRolesOf } from '../linkedAccount.ts';

/** What the screens read about the signed-in customer's Roblox side: their account, roles and pending claim. */
export class DescribeRobloxAccount {
  readonly #customers: CustomerRepository;
  readonly #memberships: RobloxMemberships;
  readonly #claims: PendingClaims;
  readonly #clock: Clock;

  constructor(customers: CustomerRepository, memberships: RobloxMemberships, claims: PendingClaims, clock: Clock) {
    this.#customers = customers;
    this.#memberships = memberships;
    this.#claims = claims;
    this.#clock = clock;
  }

  /** GET /api/auth/me; while Roblox is down the roles are listed as none rather than failing the whole call. */
  async execute(customerId: number | undefined) {
    const customer = await requireCustomer(this.#customers, customerId);
    const [currentRoles, claim] = await Promise.all([
      currentRolesOf(this.#memberships, customer.robloxId).catch((error: unknown) => {
        if (error instanceof Unavailable) return [];
        throw error;
      }),
      this.#claims.find(customer.id, this.#clock.now()),
    ]);
    return {
      id: customer.id,
      username: customer.username,
      robloxUsername: customer.robloxUsername,
      robloxId: customer.robloxId,
      isVerified: customer.isVerified,
      currentRoles,
      pendingClaim: claim
        ? { robloxId: claim.robloxId, robloxUsername: claim.robloxUsername, expiresAt: claim.expiresAt }
        : null,
    };
  }
}
