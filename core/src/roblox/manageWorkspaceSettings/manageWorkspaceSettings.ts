import type { WorkspaceSettings, WorkspaceSettingsUpdate } from '../../contracts/roblox.ts';
import type { ConnectedGroup, ConnectedGroups, RandomStrings } from '../groupPorts.ts';
import type { GroupAccessPolicy } from '../groupAccess.ts';
import { DEFAULT_SESSION_REMINDER_MINUTES } from '../sessionNotices/ports.ts';

/**
 * GET/PUT /api/roblox/groups/{id}/settings. Only managers read them and change them or rotate the activity key
 * (the old key stops working at once). The key is stored as its SHA-256: reads show its first characters, and
 * only the rotation's answer shows the new key, once.
 */
export class ManageWorkspaceSettings {
  readonly #access: GroupAccessPolicy;
  readonly #connected: ConnectedGroups;
  readonly #random: RandomStrings;
  readonly #endpointOf: (groupId: string) => string;

  constructor(
    access: GroupAccessPolicy,
    connected: ConnectedGroups,
    random: RandomStrings,
    endpointOf: (groupId: string) => string,
  ) {
    this.#access = access;
    this.#connected = connected;
    this.#random = random;
    this.#endpointOf = endpointOf;
  }

  async get(customerId: number | undefined, groupId: string): Promise<WorkspaceSettings> {
    return this.#describe((await this.#access.manage(customerId, groupId)).group);
  }

  async update(
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
    return { ...this.#describe(updated), ...(activityKey ? { activityKey } : {}) };
  }

  #describe(group: ConnectedGroup): WorkspaceSettings {
    return {
      activityTracking: group.activityTracking,
      quotaSystem: group.quotaSystem,
      autoPromotions: group.autoRank || group.settings.autoPromotions,
      authorizedRoles: group.settings.authorizedRoles,
      themeColor: group.settings.themeColor,
      homeWidgets: group.settings.homeWidgets,
      sessionReminderMinutes: group.settings.sessionReminderMinutes ?? DEFAULT_SESSION_REMINDER_MINUTES,
      activityKeyPrefix: group.activityKeyPrefix,
      activityEndpoint: this.#endpointOf(group.groupId),
    };
  }
}
