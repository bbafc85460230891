import type { CustomerRepository } from '../../customer/ports.ts';
import type { RoleSyncQueue } from '../../discord/ports.ts';
import type { VerificationCodes } from '../groupPorts.ts';
import { requireLinked, resyncRoles } from '../linkedAccount.ts';

/** DELETE /api/user/link-roblox: forgets the Roblox account, its proof and any pending code. */
export class UnlinkRobloxAccount {
  readonly #customers: CustomerRepository;
  readonly #codes: VerificationCodes;
  readonly #roleSync: RoleSyncQueue;

  constructor(customers: CustomerRepository, codes: VerificationCodes, roleSync: RoleSyncQueue) {
    this.#customers = customers;
    this.#codes = codes;
    this.#roleSync = roleSync;
  }

  async execute(customerId: number | undefined): Promise<{ message: string }> {
    const customer = await requireLinked(this.#customers, customerId);
    const unlinked = { ...customer, robloxId: null, robloxUsername: null, isVerified: false };
    await this.#customers.save(unlinked);
    await this.#codes.remove(customer.id);
    await resyncRoles(this.#roleSync, unlinked);
    return { message: 'Roblox account unlinked' };
  }
}
