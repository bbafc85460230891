import type { ConnectedGroups, RandomStrings } from '../groupPorts.ts';
import type { GroupAccessPolicy } from '../groupAccess.ts';
import {
  describeWorkspaceSettings,
  type ActivityEndpointOf,
  type WorkspaceSettings,
  type WorkspaceSettingsUpdate,
} from '../workspaceSettings.ts';

/**
 * PUT /api/roblox/groups/{id}/settings. Only managers change the settings or rotate the activity key (the old key
 * stops working at once). The key is stored as its SHA-256: only the rotation's answer shows the new key, once.
 */
export class UpdateWorkspaceSettings {
  readonly #access: GroupAccessPolicy;
  readonly #connected: ConnectedGroups;
  readonly #random: RandomStrings;
  readonly #endpointOf: ActivityEndpointOf;

  constructor(
    access: GroupAccessPolicy,
    connected: ConnectedGroups,
    random: RandomStrings,
    endpointOf: ActivityEndpointOf,
  ) {
    this.#access = access;
    this.#connected = connected;
    this.#random = random;
    this.#endpointOf = endpointOf;
  }

  async execute(
    customerId: number | undefined,
    groupId: string,
    changes: WorkspaceSettingsUpdate,
  ): Promise<WorkspaceSettings> {
    const { group } = await this.#access.manage(customerId, groupId);
    const { activityTracking, quotaSystem, rotateActivityKey, ...settings } = changes;
    const activityKey = rotateActivityKey ? this.#random.activityKey() : undefined;
    const updated = await this.#connected.update(groupId, {
      ...(activityTracking === undefined ? {} : { activityTracking }),
      ...(quotaSystem === undefined ? {} : { quotaSystem }),
      // The settings' switch and the connect dialog's autoRank are one feature: turning it off turns both off.
      ...(settings.autoPromotions === undefined ? {} : { autoRank: settings.autoPromotions }),
      settings: {
        ...group.settings,
        ...Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined)),
        ...(settings.authorizedRoles ? { authorizedRoles: [...new Set(settings.authorizedRoles)] } : {}),
      },
      ...(activityKey ? { activityKey } : {}),
    });
    return { ...describeWorkspaceSettings(updated, this.#endpointOf), ...(activityKey ? { activityKey } : {}) };
  }
}
