import type { GroupAccessPolicy } from '../groupAccess.ts';
import { describeOpenCloudKey, type OpenCloudKeyLifetime, type OpenCloudKeyStatus } from '../openCloudKeyStatus.ts';
import type { GroupOpenCloudKeys } from '../rankingPorts.ts';

/**
 * GET /api/roblox/groups/{id}/open-cloud-key: managers learn whether a key is set, what it may do and when Roblox
 * stops accepting it, never the key.
 */
export class ReadOpenCloudKey {
  readonly #access: GroupAccessPolicy;
  readonly #keys: Pick<GroupOpenCloudKeys, 'find'>;
  readonly #lifetime: OpenCloudKeyLifetime;

  constructor(access: GroupAccessPolicy, keys: Pick<GroupOpenCloudKeys, 'find'>, lifetime: OpenCloudKeyLifetime) {
    this.#access = access;
    this.#keys = keys;
    this.#lifetime = lifetime;
  }

  async execute(customerId: number | undefined, groupId: string): Promise<OpenCloudKeyStatus> {
    await this.#access.manage(customerId, groupId);
    return describeOpenCloudKey(await this.#keys.find(groupId), this.#lifetime);
  }
}
