import type { CustomerRepository } from '../../customer/ports.ts';
import { canManageWithRole } from '../groupPolicy.ts';
import type { ConnectedGroups } from '../groupPorts.ts';
import type { RobloxGroups, RobloxMemberships } from '../ports.ts';
import { requireLinked } from '../linkedAccount.ts';

/** A Roblox group of the customer's, as the group picker shows it. */
export interface UserGroup {
  groupId: string;
  name: string;
  memberCount: number;
  description: string;
  owner: { userId: string; username: string; displayName: string } | null;
  role: { id: string; name: string; rank: number };
  hasAccess: boolean;
  /** Already connected to GroupFlow (by anyone). */
  connected: boolean;
}

/** GET /api/roblox/user/groups: the linked account's groups with the role held and hasAccess (spec 1 section 6). */
export class ListUserGroups {
  readonly #customers: CustomerRepository;
  readonly #memberships: RobloxMemberships;
  readonly #groups: RobloxGroups;
  readonly #connected: ConnectedGroups;

  constructor(
    customers: CustomerRepository,
    memberships: RobloxMemberships,
    groups: RobloxGroups,
    connected: ConnectedGroups,
  ) {
    this.#customers = customers;
    this.#memberships = memberships;
    this.#groups = groups;
    this.#connected = connected;
  }

  async execute(customerId: number | undefined): Promise<UserGroup[]> {
    const customer = await requireLinked(this.#customers, customerId);
    const roles = await this.#memberships.groupRolesOf(customer.robloxId);
    const connected = new Set(
      (
        await this.#connected.listFor(
          customer.id,
          roles.map((role) => role.groupId),
        )
      ).map((group) => group.groupId),
    );
    return Promise.all(
      roles.map(async (role) => {
        const info = await this.#groups.byId(role.groupId);
        return {
          groupId: role.groupId,
          name: info?.name ?? role.groupName,
          memberCount: info?.memberCount ?? 0,
          description: info?.description ?? '',
          owner: info?.owner ?? null,
          role: { id: role.roleId, name: role.roleName, rank: role.rank },
          hasAccess: canManageWithRole({ name: role.roleName, rank: role.rank }),
          connected: connected.has(role.groupId),
        };
      }),
    );
  }
}
