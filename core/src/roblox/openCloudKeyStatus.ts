import type { StoredOpenCloudKey } from './rankingPorts.ts';

export const DAY_MS = 24 * 60 * 60_000;

export interface OpenCloudKeyLifetime {
  /** OPEN_CLOUD_KEY_IDLE_DAYS: Roblox expires a key nobody used for this many days. */
  idleDays: number;
}

/** What the workspace may know of the group's Open Cloud key: never the key itself. */
export interface OpenCloudKeyStatus {
  set: boolean;
  permissions: string[];
  savedAt: Date | null;
  /** The expiry its creator set in Roblox; null: none. */
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  /** When Roblox stops accepting it: its expiry, or the idle days after its last use, whichever comes first. */
  lapsesAt: Date | null;
  /** When Roblox refused it, unless a call with it succeeded since. */
  refusedAt: Date | null;
}

/** Roblox's own count of idle days may start later (a roster read also uses the key): this date is never late. */
export function lapseOf(key: StoredOpenCloudKey, lifetime: OpenCloudKeyLifetime): Date {
  const idleLapse = (key.lastUsedAt ?? key.savedAt).getTime() + lifetime.idleDays * DAY_MS;
  return new Date(Math.min(idleLapse, key.expiresAt?.getTime() ?? idleLapse));
}

/** A refusal the key outlived (a later call succeeded) is no longer its state. */
export const isRefused = (key: StoredOpenCloudKey): boolean =>
  key.refusedAt !== null && (key.lastUsedAt === null || key.refusedAt >= key.lastUsedAt);

export const describeOpenCloudKey = (
  key: StoredOpenCloudKey | null,
  lifetime: OpenCloudKeyLifetime,
): OpenCloudKeyStatus => ({
  set: key !== null,
  permissions: key?.permissions ?? [],
  savedAt: key?.savedAt ?? null,
  expiresAt: key?.expiresAt ?? null,
  lastUsedAt: key?.lastUsedAt ?? null,
  lapsesAt: key ? lapseOf(key, lifetime) : null,
  refusedAt: key && isRefused(key) ? key.refusedAt : null,
});
