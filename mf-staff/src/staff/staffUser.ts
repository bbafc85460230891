import {
  canManageUsers,
  canPerformHrActions,
  canReadSupportTickets,
  canResetPasswords,
  canViewSupportTickets,
  isStaffRole,
  ROLE_INFO,
  type StaffGroup,
  type StaffRole,
  type StaffUser,
} from '@groupflow/core/contracts';

export function roleName(role: string): string {
  return isStaffRole(role) ? ROLE_INFO[role].displayName : role;
}

/** Minutes shown as whole hours, rounded down: 'Nh total' (spec 2, chain of command). */
export function formatTotalHours(minutes: number): string {
  return `${Math.floor(Math.max(0, minutes) / 60)}h total`;
}

/** 'Never' when the user has not logged in yet. */
export function formatLastLogin(lastLogin: string | null): string {
  if (!lastLogin) return 'Never';
  const date = new Date(lastLogin);
  return Number.isNaN(date.getTime()) ? 'Never' : date.toLocaleDateString();
}

/** Section titles of the chain of command, top of the hierarchy first. */
export const GROUP_TITLES: Readonly<Record<StaffGroup, string>> = {
  Leadership: 'Leadership Team',
  Directors: 'Department Directors',
  'Support Staff': 'Support Staff',
};

const GROUP_ORDER: readonly StaffGroup[] = ['Leadership', 'Directors', 'Support Staff'];

export interface StaffSection {
  group: StaffGroup;
  title: string;
  members: StaffUser[];
}

/** Sorted by rank (then username, so equal ranks do not jump around between polls); empty groups are left out. */
export function groupByRank(users: readonly StaffUser[]): StaffSection[] {
  const sorted = [...users].sort(
    (a, b) => ROLE_INFO[a.role].rank - ROLE_INFO[b.role].rank || a.username.localeCompare(b.username),
  );
  return GROUP_ORDER.map((group) => ({
    group,
    title: GROUP_TITLES[group],
    members: sorted.filter((user) => ROLE_INFO[user.role].group === group),
  })).filter((section) => section.members.length > 0);
}

/** Search over username, email and the role's display name, case-insensitive. */
export function matchesSearch(user: StaffUser, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [user.username, user.email, roleName(user.role)].some((field) => field.toLowerCase().includes(needle));
}

export interface StaffSummary {
  leadership: number;
  directors: number;
  supportStaff: number;
  total: number;
  /** Accounts not terminated or suspended. */
  active: number;
  clockedIn: number;
}

export function summarize(users: readonly StaffUser[]): StaffSummary {
  const inGroup = (group: StaffGroup) => users.filter((user) => ROLE_INFO[user.role].group === group).length;
  return {
    leadership: inGroup('Leadership'),
    directors: inGroup('Directors'),
    supportStaff: inGroup('Support Staff'),
    total: users.length,
    active: users.filter((user) => user.isActive).length,
    clockedIn: users.filter((user) => user.clockedIn).length,
  };
}

/**
 * Which dashboard links and panels a role sees (spec 2 section 6). Spec 2 lists the Support Tickets link for two
 * heads its page turns away, and Live Support Chat for everyone; both follow what the server admits instead (issue
 * 33), so no link leads to a refusal.
 */
export function dashboardAccess(role: StaffRole) {
  return {
    supportTickets: canViewSupportTickets(role),
    liveSupportChat: canReadSupportTickets(role),
    manageUsers: canManageUsers(role),
    hrTools: canPerformHrActions(role),
    maintenance: role === 'platform_owner',
    resetStaffPassword: canResetPasswords(role),
  };
}
