import { NotFound } from '../../shared/errors.ts';
import type { CustomerRepository } from '../../customer/ports.ts';
import { requireCustomer } from '../../customer/requireCustomer.ts';
import type { RobloxGroups } from '../ports.ts';

/** `rankId` is Roblox's 0-255 rank number; `roleId` the role's own id. */
export interface Rank {
  rankId: number;
  rankName: string;
  memberCount: number;
  roleId: string;
}

/** GET /api/roblox/group/{id}/ranks: a group's ranks for signed-in customers (cached by the adapter). */
export class ListGroupRanks {
  readonly #customers: CustomerRepository;
  readonly #groups: RobloxGroups;

  constructor(customers: CustomerRepository, groups: RobloxGroups) {
    this.#customers = customers;
    this.#groups = groups;
  }

  async execute(customerId: number | undefined, groupId: string): Promise<Rank[]> {
    await requireCustomer(this.#customers, customerId);
    const roles = await this.#groups.rolesOf(groupId);
    if (roles.length === 0) throw new NotFound('ROBLOX.GROUP_NOT_FOUND', 'Group not found');
    return roles.map((role) => ({
      rankId: role.rank,
      rankName: role.name,
      memberCount: role.memberCount,
      roleId: role.id,
    }));
  }
}
