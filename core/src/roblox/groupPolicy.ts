/** Who may manage a Roblox group and what a connected group starts with; the contracts re-export it for screens. */
/** Spec 1 section 6: a group is manageable from this rank up, or with one of these role names. */
export const MANAGE_RANK = 100;
export const MANAGER_ROLE_NAMES = ['Owner', 'Co-Owner', 'Administrator', 'Moderator', 'HR', 'Manager'] as const;

export function canManageWithRole(role: { name: string; rank: number }): boolean {
  return role.rank >= MANAGE_RANK || (MANAGER_ROLE_NAMES as readonly string[]).includes(role.name);
}

export const DEFAULT_THEME_COLOR = '#5865f2';
export const DEFAULT_HOME_WIDGETS = ['Ongoing sessions', 'Latest wall messages', 'Latest documents'];

export const RANK_PERMISSION_KEYS = [
  'canAccessWorkspace',
  'canRequestTimeoff',
  'canViewModeration',
  'canAssignHostSelf',
  'canAssignHostOthers',
  'canAssignCoHostSelf',
] as const;
export type RankPermissionKey = (typeof RANK_PERMISSION_KEYS)[number];

/** How many first characters of an activity key are kept readable, so managers can tell keys apart. */
export const ACTIVITY_KEY_PREFIX_LENGTH = 8;
