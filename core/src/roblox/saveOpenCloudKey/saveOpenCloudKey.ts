import type { Clock } from '../../shared/clock.ts';
import { requireAutomationAuthority, type OwnerNotices } from '../automationAuthority.ts';
import type { GroupAccessPolicy } from '../groupAccess.ts';
import { describeOpenCloudKey, type OpenCloudKeyLifetime, type OpenCloudKeyStatus } from '../openCloudKeyStatus.ts';
import type { GroupOpenCloud, GroupOpenCloudKeys } from '../rankingPorts.ts';

/**
 * PUT /api/roblox/groups/{id}/open-cloud-key: the owner, or a rank they named, stores the group's Open Cloud key
 * after Open Cloud accepted it for this group (a refused key is never stored, the old one stays). Every automatic
 * rank change acts with this key, so the owner is told whenever someone else replaces it.
 */
export class SaveOpenCloudKey {
  readonly #access: GroupAccessPolicy;
  readonly #cloud: GroupOpenCloud;
  readonly #keys: GroupOpenCloudKeys;
  readonly #clock: Clock;
  readonly #owner: OwnerNotices;
  readonly #lifetime: OpenCloudKeyLifetime;

  constructor(
    access: GroupAccessPolicy,
    cloud: GroupOpenCloud,
    keys: GroupOpenCloudKeys,
    clock: Clock,
    owner: OwnerNotices,
    lifetime: OpenCloudKeyLifetime,
  ) {
    this.#access = access;
    this.#cloud = cloud;
    this.#keys = keys;
    this.#clock = clock;
    this.#owner = owner;
    this.#lifetime = lifetime;
  }

  async execute(customerId: number | undefined, groupId: string, apiKey: string): Promise<OpenCloudKeyStatus> {
    const access = await this.#access.manage(customerId, groupId);
    requireAutomationAuthority(access);
    const { customer } = access;
    const { permissions, expiresAt } = await this.#cloud.checkKey(apiKey, groupId);
    const now = this.#clock.now();
    // The check read the group's roles with the key: its first use.
    const saved = { apiKey, permissions, expiresAt, savedBy: customer.id, savedAt: now, lastUsedAt: now };
    await this.#keys.save(groupId, saved);
    await this.#owner.changed(access, 'replaced the Open Cloud key');
    return describeOpenCloudKey({ ...saved, lapseWarnedAt: null, refusedAt: null }, this.#lifetime);
  }
}
