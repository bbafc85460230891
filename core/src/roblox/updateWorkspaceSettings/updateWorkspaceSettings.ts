import type { ConnectedGroups, RandomStrings } from '../groupPorts.ts';
import type { GroupAccessPolicy } from '../groupAccess.ts';
import { requireAutomationAuthority, requireGroupOwner, type OwnerNotices } from '../automationAuthority.ts';
import { autoPromotionOn } from '../promotionRules.ts';
import {
  describeWorkspaceSettings,
  type ActivityEndpointOf,
  type WorkspaceSettings,
  type WorkspaceSettingsUpdate,
} from '../workspaceSettings.ts';

/**
 * PUT /api/roblox/groups/{id}/settings. Only managers change the settings. Turning automatic promotion on and
 * rotating the activity key (the old key stops working at once) act with the owner's authority, so only the owner
 * or a rank they named (`automationRanks`, which only the owner sets) may; turning automatic promotion off is the
 * safe direction and stays open to managers. The owner is told of each of these changes made by someone else. The
 * key is stored as its SHA-256: only the rotation's answer shows the new key, once.
 */
export class UpdateWorkspaceSettings {
  readonly #access: GroupAccessPolicy;
  readonly #connected: ConnectedGroups;
  readonly #random: RandomStrings;
  readonly #endpointOf: ActivityEndpointOf;
  readonly #owner: OwnerNotices;

  constructor(
    access: GroupAccessPolicy,
    connected: ConnectedGroups,
    random: RandomStrings,
    endpointOf: ActivityEndpointOf,
    owner: OwnerNotices,
  ) {
    this.#access = access;
    this.#connected = connected;
    this.#random = random;
    this.#endpointOf = endpointOf;
    this.#owner = owner;
  }

  async execute(
    customerId: number | undefined,
    groupId: string,
    changes: WorkspaceSettingsUpdate,
  ): Promise<WorkspaceSettings> {
    const access = await this.#access.manage(customerId, groupId);
    const { group } = access;
    const { activityTracking, quotaSystem, rotateActivityKey, ...settings } = changes;
    if (settings.autoPromotions || rotateActivityKey) requireAutomationAuthority(access);
    if (settings.automationRanks) requireGroupOwner(access);
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
        ...(settings.automationRanks ? { automationRanks: [...new Set(settings.automationRanks)] } : {}),
      },
      ...(activityKey ? { activityKey } : {}),
    });
    if (autoPromotionOn(updated) !== autoPromotionOn(group))
      await this.#owner.changed(access, `turned automatic promotion ${autoPromotionOn(updated) ? 'on' : 'off'}`);
    if (activityKey) await this.#owner.changed(access, 'rotated the activity key');
    return {
      ...describeWorkspaceSettings(updated, this.#endpointOf, access),
      ...(activityKey ? { activityKey } : {}),
    };
  }
}
