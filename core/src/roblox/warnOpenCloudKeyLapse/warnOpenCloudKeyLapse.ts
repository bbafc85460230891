import type { Clock } from '../../shared/clock.ts';
import type { OwnerNotices } from '../automationAuthority.ts';
import type { ConnectedGroups } from '../groupPorts.ts';
import { DAY_MS, isRefused, lapseOf, type OpenCloudKeyLifetime } from '../openCloudKeyStatus.ts';
import type { GroupOpenCloudKeys, StoredOpenCloudKey } from '../rankingPorts.ts';

export interface OpenCloudKeyWarningSettings extends OpenCloudKeyLifetime {
  /** OPEN_CLOUD_KEY_WARN_DAYS: the owner is warned this many days before the key lapses. */
  warnDays: number;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

function lapseNotice(groupName: string, key: StoredOpenCloudKey, lapsesAt: Date, idleDays: number) {
  const stop = 'or ranking members and automatic promotion stop';
  const message =
    key.expiresAt?.getTime() === lapsesAt.getTime()
      ? `The Open Cloud key of ${groupName} expires on ${day(lapsesAt)} (UTC), as set in Roblox: save a new key in the workspace settings before then, ${stop}.`
      : `The Open Cloud key of ${groupName} lapses on ${day(lapsesAt)} (UTC): Roblox expires keys unused for ${idleDays} days. A rank change through GroupFlow uses it; otherwise save a new key before then, ${stop}.`;
  return { kind: 'open-cloud-key' as const, title: 'The Open Cloud key lapses soon', message };
}

/**
 * The owner is warned once per key, `warnDays` before it lapses: at the expiry its creator set in Roblox, or when
 * Roblox expires it for being unused. A key Roblox refuses already was told as refused; a new key starts over.
 */
export class WarnOpenCloudKeyLapse {
  readonly #keys: Pick<GroupOpenCloudKeys, 'find' | 'markNoticed' | 'unwarned'>;
  readonly #groups: Pick<ConnectedGroups, 'find'>;
  readonly #owner: Pick<OwnerNotices, 'tell'>;
  readonly #clock: Clock;
  readonly #settings: OpenCloudKeyWarningSettings;

  constructor(deps: {
    keys: Pick<GroupOpenCloudKeys, 'find' | 'markNoticed' | 'unwarned'>;
    groups: Pick<ConnectedGroups, 'find'>;
    owner: Pick<OwnerNotices, 'tell'>;
    clock: Clock;
    settings: OpenCloudKeyWarningSettings;
  }) {
    this.#keys = deps.keys;
    this.#groups = deps.groups;
    this.#owner = deps.owner;
    this.#clock = deps.clock;
    this.#settings = deps.settings;
  }

  /** Groups whose key lapses within the warning days and whose owner was not warned yet. */
  due(): Promise<string[]> {
    const { warnDays, idleDays } = this.#settings;
    const warnFrom = this.#clock.now().getTime() + warnDays * DAY_MS;
    return this.#keys.unwarned(new Date(warnFrom), new Date(warnFrom - idleDays * DAY_MS));
  }

  /** Whether the owner's warning was recorded now (the owner hears it if they use GroupFlow). */
  async execute(groupId: string): Promise<boolean> {
    const key = await this.#keys.find(groupId);
    const now = this.#clock.now();
    if (!key || key.lapseWarnedAt || isRefused(key)) return false;
    const lapsesAt = lapseOf(key, this.#settings);
    if (lapsesAt.getTime() > now.getTime() + this.#settings.warnDays * DAY_MS) return false;
    const group = await this.#groups.find(groupId);
    if (!group || !(await this.#keys.markNoticed(groupId, key.savedAt, 'lapsing', now))) return false;
    await this.#owner.tell(group, lapseNotice(group.name, key, lapsesAt, this.#settings.idleDays));
    return true;
  }
}
