import type { WorkspaceSettings } from '../contracts/roblox.ts';
import type { ConnectedGroup } from './groupPorts.ts';

/** Where the group's game servers report activity: an address of the edge, so core is told it (no HTTP here). */
export type ActivityEndpointOf = (groupId: string) => string;

/** The settings as managers read them: the activity key only by its first characters. */
export function describeWorkspaceSettings(group: ConnectedGroup, endpointOf: ActivityEndpointOf): WorkspaceSettings {
  return {
    activityTracking: group.activityTracking,
    quotaSystem: group.quotaSystem,
    autoPromotions: group.autoRank || group.settings.autoPromotions,
    authorizedRoles: group.settings.authorizedRoles,
    themeColor: group.settings.themeColor,
    homeWidgets: group.settings.homeWidgets,
    activityKeyPrefix: group.activityKeyPrefix,
    activityEndpoint: endpointOf(group.groupId),
  };
}
