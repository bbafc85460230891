import type { CustomerRepository } from '../../customer/ports.ts';
import { canManageWithRole } from '../groupPolicy.ts';
import type { ConnectedGroup, ConnectedGroups } from '../groupPorts.ts';
import type { RobloxMemberships } from '../ports.ts';
import { requireLinked } from '../linkedAccount.ts';

/** GET /api/roblox/groups: connected groups the customer connected or can manage now. */
export class ListConnectedGroups {
  readonly #customers: CustomerRepository;
  readonly #memberships: RobloxMemberships;
  readonly #connected: ConnectedGroups;

  constructor(customers: CustomerRepository, memberships: RobloxMemberships, connected: ConnectedGroups) {
    this.#customers = customers;
    this.#memberships = memberships;
    this.#connected = connected;
  }

  async execute(customerId: number | undefined): Promise<ConnectedGroup[]> {
    const customer = await requireLinked(this.#customers, customerId);
    const manageable = customer.isVerified
      ? (await this.#memberships.groupRolesOf(customer.robloxId))
          .filter((role) => canManageWithRole({ name: role.roleName, rank: role.rank }))
          .map((role) => role.groupId)
      : [];
    return this.#connected.listFor(customer.id, manageable);
  }
}
