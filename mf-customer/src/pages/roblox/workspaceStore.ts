import {
  DEFAULT_HOME_WIDGETS,
  DEFAULT_THEME_COLOR,
  type RobloxProfile,
  type UserGroup,
} from '@groupflow/core/contracts';

/** Local storage keys of spec 3 ("Other shapes"): the chosen group, the Roblox user and their role in the group. */
export const STORAGE = { selectedGroup: 'selectedGroup', robloxUser: 'robloxUser', userRole: 'userRole' } as const;

export interface SelectedGroup {
  id: string;
  groupId: string;
  name: string;
  memberCount: number;
  description: string;
  owner: string | null;
  ownerRobloxId: string | null;
  ownerDisplayName: string | null;
  userRole: { id: string; name: string; rank: number };
  robloxData: { publicEntryAllowed: boolean; buildersClubMembersOnly: boolean; hasVerifiedBadge: boolean };
  settings: {
    activityTracking: boolean;
    autoPromotions: boolean;
    themeColor: string;
    homeWidgets: string[];
    authorizedRoles: string[];
  };
}

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export const readSelectedGroup = () => read<SelectedGroup>(STORAGE.selectedGroup);
export const readRobloxUser = () => read<RobloxProfile>(STORAGE.robloxUser);

export function storeRobloxUser(user: RobloxProfile): void {
  localStorage.setItem(STORAGE.robloxUser, JSON.stringify(user));
}

/** Spec 1 section 6: selecting a group starts its authorised roles with the user's own role name. */
export function storeSelectedGroup(group: UserGroup): SelectedGroup {
  const selected: SelectedGroup = {
    id: group.groupId,
    groupId: group.groupId,
    name: group.name,
    memberCount: group.memberCount,
    description: group.description,
    owner: group.owner?.username ?? null,
    ownerRobloxId: group.owner?.userId ?? null,
    ownerDisplayName: group.owner?.displayName ?? null,
    userRole: group.role,
    robloxData: { publicEntryAllowed: true, buildersClubMembersOnly: false, hasVerifiedBadge: false },
    settings: {
      activityTracking: true,
      autoPromotions: false,
      themeColor: DEFAULT_THEME_COLOR,
      homeWidgets: DEFAULT_HOME_WIDGETS,
      authorizedRoles: [group.role.name],
    },
  };
  localStorage.setItem(STORAGE.selectedGroup, JSON.stringify(selected));
  localStorage.setItem(STORAGE.userRole, JSON.stringify(group.role));
  return selected;
}

/** The workspace's logout: forget the Roblox user, the group and the role (spec 1 section 2.12). */
export function clearWorkspace(): void {
  for (const key of Object.values(STORAGE)) localStorage.removeItem(key);
}
