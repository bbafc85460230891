import { NotFound } from '../../shared/errors.ts';
import type { CustomerRepository } from '../../customer/ports.ts';
import { requireCustomer } from '../../customer/requireCustomer.ts';
import type { RobloxGroups } from '../ports.ts';

/** GET /api/roblox/group/{id}: a group's public facts for signed-in customers (cached by the adapter). */
export class LookUpGroup {
  readonly #customers: CustomerRepository;
  readonly #groups: RobloxGroups;

  constructor(customers: CustomerRepository, groups: RobloxGroups) {
    this.#customers = customers;
    this.#groups = groups;
  }

  async execute(customerId: number | undefined, groupId: string) {
    await requireCustomer(this.#customers, customerId);
    const group = await this.#groups.byId(groupId);
    if (!group) throw new NotFound('ROBLOX.GROUP_NOT_FOUND', 'Group not found');
    const { id, ...facts } = group;
    return { groupId: id, ...facts };
  }
}
