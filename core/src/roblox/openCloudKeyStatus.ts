import type { StoredOpenCloudKey } from './rankingPorts.ts';

/** What the workspace may know of the group's Open Cloud key: never the key itself. */
export interface OpenCloudKeyStatus {
  set: boolean;
  permissions: string[];
  savedAt: Date | null;
}

export const describeOpenCloudKey = (key: StoredOpenCloudKey | null): OpenCloudKeyStatus => ({
  set: key !== null,
  permissions: key?.permissions ?? [],
  savedAt: key?.savedAt ?? null,
});
