import type { Clock } from '../../shared/clock.ts';
import type { GroupAccessPolicy } from '../groupAccess.ts';
import { describeOpenCloudKey, type OpenCloudKeyStatus } from '../openCloudKeyStatus.ts';
import type { GroupOpenCloud, GroupOpenCloudKeys } from '../rankingPorts.ts';

/**
 * PUT /api/roblox/groups/{id}/open-cloud-key: a manager stores the group's Open Cloud key after Open Cloud
 * accepted it for this group (a refused key is never stored, the old one stays).
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

  async execute(customerId: number | undefined, groupId: string, apiKey: string): Promise<OpenCloudKeyStatus> {
    const { customer } = await this.#access.manage(customerId, groupId);
    const { permissions } = await this.#cloud.checkKey(apiKey, groupId);
    const stored = { apiKey, permissions, savedBy: customer.id, savedAt: this.#clock.now() };
    await this.#keys.save(groupId, stored);
    return describeOpenCloudKey(stored);
  }
}
