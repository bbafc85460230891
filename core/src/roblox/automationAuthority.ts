import { Forbidden } from '../shared/errors.ts';
import type { CustomerRepository } from '../customer/ports.ts';
import type { CustomerNotificationContent, CustomerNotifications } from '../notifications/ports.ts';
import type { GroupAccess } from './groupAccess.ts';
import type { ConnectedGroup } from './groupPorts.ts';

/** Roblox gives the group's owner rank 255, and nobody else. */
export const OWNER_RANK = 255;
export const AUTOMATION_NOT_PERMITTED =
  'Only the group owner, or ranks the owner named in the workspace settings, may turn automatic promotion on, replace the Open Cloud key or rotate the activity key';
export const OWNER_ONLY = 'Only the group owner may choose which ranks change automatic promotion and keys';

export const automationRanksOf = (group: ConnectedGroup): number[] => group.settings.automationRanks ?? [];

/**
 * Whether a rank may switch on what acts with the owner's authority (automatic promotion, the Open Cloud key, the
 * activity key): the owner, or a rank the owner named.
 */
export const rankMayAutomate = (rank: number, automationRanks: number[]) =>
  rank === OWNER_RANK || automationRanks.includes(rank);

export const mayAutomate = (access: GroupAccess) =>
  access.canManage && rankMayAutomate(access.role.rank, automationRanksOf(access.group));

export function requireAutomationAuthority(access: GroupAccess): void {
  if (!mayAutomate(access)) throw new Forbidden('ROBLOX.AUTOMATION_NOT_PERMITTED', AUTOMATION_NOT_PERMITTED);
}

export function requireGroupOwner(access: GroupAccess): void {
  if (access.role.rank !== OWNER_RANK) throw new Forbidden('ROBLOX.OWNER_ONLY', OWNER_ONLY);
}

/** Tells the group's owner, when they use GroupFlow, what someone else changed in automatic promotion or keys. */
export class OwnerNotices {
  readonly #customers: CustomerRepository;
  readonly #notifications: CustomerNotifications;

  constructor(customers: CustomerRepository, notifications: CustomerNotifications) {
    this.#customers = customers;
    this.#notifications = notifications;
  }

  /** `change` reads after the actor's name: "turned automatic promotion on". The owner's own changes are not told. */
  async changed(access: GroupAccess, change: string): Promise<void> {
    const { group, customer } = access;
    if (!group.ownerUserId || group.ownerUserId === customer.robloxId) return;
    await this.tell(group, {
      kind: 'automation-changed',
      title: 'Workspace automation changed',
      message: `${customer.robloxUsername} ${change} in ${group.name}.`,
    });
  }

  async tell(group: ConnectedGroup, notice: CustomerNotificationContent): Promise<void> {
    const owner = group.ownerUserId ? await this.#customers.findByRobloxId(group.ownerUserId) : null;
    if (owner?.isVerified) await this.#notifications.notify(owner.id, notice);
  }
}
