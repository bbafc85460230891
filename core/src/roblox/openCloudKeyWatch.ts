import type { Clock } from '../shared/clock.ts';
import { Forbidden } from '../shared/errors.ts';
import type { OwnerNotices } from './automationAuthority.ts';
import type { ConnectedGroups } from './groupPorts.ts';
import type { RobloxRole } from './ports.ts';
import type { GroupOpenCloud, GroupOpenCloudKeys, OpenCloudKeyCheck } from './rankingPorts.ts';

export interface OpenCloudKeyWatchSettings {
  /** OPEN_CLOUD_KEY_USE_RECORD_SECONDS: a group's key use is written at most this often (per process). */
  useRecordMs: number;
}

export const keyRefusedNotice = (groupName: string) => ({
  kind: 'open-cloud-key' as const,
  title: 'Roblox refused the Open Cloud key',
  message: `Roblox refused the Open Cloud key of ${groupName} (revoked, disabled or expired): ranking members and automatic promotion stop until a new key is saved in the workspace settings.`,
});

/**
 * Open Cloud with the group's saved key, watched: each call that succeeds is the key's latest use (Roblox expires
 * keys left unused), and the first refusal of a saved key is told to the group's owner, once per key. The key a
 * manager is about to save (checkKey) is neither: it is not the group's key yet.
 */
export class OpenCloudKeyWatch implements GroupOpenCloud {
  readonly #cloud: GroupOpenCloud;
  readonly #keys: Pick<GroupOpenCloudKeys, 'find' | 'markUsed' | 'markNoticed'>;
  readonly #groups: Pick<ConnectedGroups, 'find'>;
  readonly #owner: Pick<OwnerNotices, 'tell'>;
  readonly #clock: Clock;
  readonly #settings: OpenCloudKeyWatchSettings;
  /** Group id → when this process last wrote its key's use. */
  readonly #recorded = new Map<string, number>();

  constructor(
    cloud: GroupOpenCloud,
    deps: {
      keys: Pick<GroupOpenCloudKeys, 'find' | 'markUsed' | 'markNoticed'>;
      groups: Pick<ConnectedGroups, 'find'>;
      owner: Pick<OwnerNotices, 'tell'>;
      clock: Clock;
      settings: OpenCloudKeyWatchSettings;
    },
  ) {
    this.#cloud = cloud;
    this.#keys = deps.keys;
    this.#groups = deps.groups;
    this.#owner = deps.owner;
    this.#clock = deps.clock;
    this.#settings = deps.settings;
  }

  checkKey(apiKey: string, groupId: string): Promise<OpenCloudKeyCheck> {
    return this.#cloud.checkKey(apiKey, groupId);
  }

  roles(apiKey: string, groupId: string): Promise<RobloxRole[]> {
    return this.#watch(apiKey, groupId, () => this.#cloud.roles(apiKey, groupId));
  }

  roleOf(apiKey: string, groupId: string, userId: string): Promise<string | null> {
    return this.#watch(apiKey, groupId, () => this.#cloud.roleOf(apiKey, groupId, userId));
  }

  assignRole(apiKey: string, groupId: string, userId: string, roleId: string): Promise<void> {
    return this.#watch(apiKey, groupId, () => this.#cloud.assignRole(apiKey, groupId, userId, roleId));
  }

  async #watch<T>(apiKey: string, groupId: string, call: () => Promise<T>): Promise<T> {
    let answer: T;
    try {
      answer = await call();
    } catch (error) {
      if (error instanceof Forbidden && error.code === 'ROBLOX.OPEN_CLOUD_KEY_REFUSED')
        await this.#refused(apiKey, groupId);
      throw error;
    }
    await this.#used(groupId);
    return answer;
  }

  async #used(groupId: string): Promise<void> {
    const now = this.#clock.now();
    const last = this.#recorded.get(groupId);
    if (last !== undefined && now.getTime() - last < this.#settings.useRecordMs) return;
    this.#recorded.set(groupId, now.getTime());
    await this.#keys.markUsed(groupId, now);
  }

  async #refused(apiKey: string, groupId: string): Promise<void> {
    const saved = await this.#keys.find(groupId);
    // A key replaced while the call was out is not the one Roblox refused.
    if (saved?.apiKey !== apiKey) return;
    if (!(await this.#keys.markNoticed(groupId, saved.savedAt, 'refused', this.#clock.now()))) return;
    const group = await this.#groups.find(groupId);
    if (group) await this.#owner.tell(group, keyRefusedNotice(group.name));
  }
}
