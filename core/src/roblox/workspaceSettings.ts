import { automationRanksOf, OWNER_RANK, rankMayAutomate } from './automationAuthority.ts';
import type { GroupAccess } from './groupAccess.ts';
import type { ConnectedGroup } from './groupPorts.ts';
import { DEFAULT_SESSION_REMINDER_MINUTES } from './sessionNoticePorts.ts';

export interface WorkspaceSettings {
  activityTracking: boolean;
  /** Weekly quotas per rank are chased. */
  quotaSystem: boolean;
  autoPromotions: boolean;
  /** Ranks the owner named who, besides the owner, turn automatic promotion on and replace the keys. */
  automationRanks: number[];
  /** The reader may turn automatic promotion on, replace the Open Cloud key and rotate the activity key. */
  canChangeAutomation: boolean;
  /** The reader is the owner, who alone changes automationRanks. */
  canChooseAutomationRanks: boolean;
  authorizedRoles: string[];
  themeColor: string;
  homeWidgets: string[];
  /** Minutes before a scheduled session's start that the bot posts its reminder and its people are told; 0: none. */
  sessionReminderMinutes: number;
  /** The first characters of the game servers' bearer key (only its SHA-256 is stored). */
  activityKeyPrefix: string;
  /** The whole key, only in the answer that made it (a rotation): it cannot be read again. */
  activityKey?: string | undefined;
  activityEndpoint: string;
}

export interface WorkspaceSettingsUpdate {
  activityTracking?: boolean | undefined;
  quotaSystem?: boolean | undefined;
  autoPromotions?: boolean | undefined;
  /** The owner's only. */
  automationRanks?: number[] | undefined;
  authorizedRoles?: string[] | undefined;
  themeColor?: string | undefined;
  homeWidgets?: string[] | undefined;
  sessionReminderMinutes?: number | undefined;
  /** True: a new activity key replaces the old one at once; the answer shows it once. */
  rotateActivityKey?: boolean | undefined;
}

/** Where the group's game servers report activity: an address of the edge, so core is told it (no HTTP here). */
export type ActivityEndpointOf = (groupId: string) => string;

/** The settings as a manager reads them: the activity key only by its first characters, and what they may change. */
export function describeWorkspaceSettings(
  group: ConnectedGroup,
  endpointOf: ActivityEndpointOf,
  reader: Pick<GroupAccess, 'role' | 'canManage'>,
): WorkspaceSettings {
  return {
    activityTracking: group.activityTracking,
    quotaSystem: group.quotaSystem,
    autoPromotions: group.autoRank || group.settings.autoPromotions,
    automationRanks: automationRanksOf(group),
    canChangeAutomation: reader.canManage && rankMayAutomate(reader.role.rank, automationRanksOf(group)),
    canChooseAutomationRanks: reader.role.rank === OWNER_RANK,
    authorizedRoles: group.settings.authorizedRoles,
    themeColor: group.settings.themeColor,
    homeWidgets: group.settings.homeWidgets,
    sessionReminderMinutes: group.settings.sessionReminderMinutes ?? DEFAULT_SESSION_REMINDER_MINUTES,
    activityKeyPrefix: group.activityKeyPrefix,
    activityEndpoint: endpointOf(group.groupId),
  };
}
