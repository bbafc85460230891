import { Forbidden } from '../shared/errors.ts';
import type { Customer, CustomerRepository } from '../customer/ports.ts';
import { requireCustomer } from '../customer/requireCustomer.ts';
import type { RoleSyncQueue } from '../discord/ports.ts';
import type { RobloxMemberships } from './ports.ts';

export type LinkedCustomer = Customer & { robloxId: string; robloxUsername: string };

export const NOT_LINKED = 'Roblox account not linked. Please link your Roblox account first.';
export const NOT_VERIFIED = 'Roblox account not verified. Prove it with a profile code or sign in with Roblox.';

/** The signed-in customer with a linked Roblox account; Forbidden "Roblox account not linked" otherwise. */
export async function requireLinked(
  customers: CustomerRepository,
  customerId: number | undefined,
): Promise<LinkedCustomer> {
  const customer = await requireCustomer(customers, customerId);
  if (!customer.robloxId || !customer.robloxUsername) throw new Forbidden('ROBLOX.NOT_LINKED', NOT_LINKED);
  return customer as LinkedCustomer;
}

/** A linked account only counts for groups once it is proven: anyone can type someone else's username. */
export async function requireVerified(
  customers: CustomerRepository,
  customerId: number | undefined,
): Promise<LinkedCustomer> {
  const customer = await requireLinked(customers, customerId);
  if (!customer.isVerified) throw new Forbidden('ROBLOX.NOT_VERIFIED', NOT_VERIFIED);
  return customer;
}

/** "Group: Role" for each group of the account, as /api/auth/me and the linking answer list them. */
export async function currentRolesOf(memberships: RobloxMemberships, robloxId: string | null): Promise<string[]> {
  if (!robloxId) return [];
  const roles = await memberships.groupRolesOf(robloxId);
  return roles.map((role) => `${role.groupName}: ${role.roleName}`);
}

/** After a link, proof or unlink the member's Discord roles must follow; users without Discord have none. */
export async function resyncRoles(queue: RoleSyncQueue, customer: Customer): Promise<void> {
  if (customer.discordId) await queue.enqueueForUser(customer.discordId);
}
