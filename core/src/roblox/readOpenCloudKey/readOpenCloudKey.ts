import type { GroupAccessPolicy } from '../groupAccess.ts';
import { describeOpenCloudKey, type OpenCloudKeyStatus } from '../openCloudKeyStatus.ts';
import type { GroupOpenCloudKeys } from '../rankingPorts.ts';

/** GET /api/roblox/groups/{id}/open-cloud-key: managers learn only whether a key is set and what it may do. */
export class ReadOpenCloudKey {
  readonly #access: GroupAccessPolicy;
  readonly #keys: GroupOpenCloudKeys;

  constructor(access: GroupAccessPolicy, keys: GroupOpenCloudKeys) {
    this.#access = access;
    this.#keys = keys;
  }

  async execute(customerId: number | undefined, groupId: string): Promise<OpenCloudKeyStatus> {
    await this.#access.manage(customerId, groupId);
    return describeOpenCloudKey(await this.#keys.find(groupId));
  }
}
