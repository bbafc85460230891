import type { Clock } from '../../shared/clock.ts';
import type { GroupAccessPolicy } from '../groupAccess.ts';
import type { GroupOpenCloud, GroupOpenCloudKeys, StoredOpenCloudKey } from '../rankingPorts.ts';

/** What the workspace may know of the key: never the key itself. */
export interface OpenCloudKeyStatus {
  set: boolean;
  permissions: string[];
  savedAt: Date | null;
}

const describe = (key: StoredOpenCloudKey | null): OpenCloudKeyStatus => ({
  set: key !== null,
  permissions: key?.permissions ?? [],
  savedAt: key?.savedAt ?? null,
});

/**
 * PUT/GET /api/roblox/groups/{id}/open-cloud-key: a manager stores the group's Open Cloud key after Open Cloud
 * accepted it for this group (a refused key is never stored, the old one stays); reads answer only whether a key
 * is set and what it may do.
 */
export class SaveOpenCloudKey {
  readonly #access: GroupAccessPolicy;
  readonly #cloud: GroupOpenCloud;
  readonly #keys: GroupOpenCloudKeys;
  readonly #clock: Clock;

  constructor(access: GroupAccessPolicy, cloud: GroupOpenCloud, keys: GroupOpenCloudKeys, clock: Clock) {
    this.#access = access;
    this.#cloud = cloud;
    this.#keys = keys;
    this.#clock = clock;
  }

  async status(customerId: number | undefined, groupId: string): Promise<OpenCloudKeyStatus> {
    await this.#access.manage(customerId, groupId);
    return describe(await this.#keys.find(groupId));
  }

  async save(customerId: number | undefined, groupId: string, apiKey: string): Promise<OpenCloudKeyStatus> {
    const { customer } = await this.#access.manage(customerId, groupId);
    const { permissions } = await this.#cloud.checkKey(apiKey, groupId);
    const stored = { apiKey, permissions, savedBy: customer.id, savedAt: this.#clock.now() };
    await this.#keys.save(groupId, stored);
    return describe(stored);
  }
}
