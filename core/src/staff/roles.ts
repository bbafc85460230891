/**
 * Staff roles and the permission policy of spec 2 section 6. The client only hid links and buttons; these
 * functions are what the server enforces, so every staff use case asks them rather than comparing roles.
 */

export const STAFF_ROLES = [
  'platform_owner',
  'head_internal_operations',
  'director_legal_affairs_safety',
  'head_platform',
  'customer_support_director',
  'marketing_director',
  'human_resources_director',
  'customer_support',
] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];

export type StaffGroup = 'Leadership' | 'Directors' | 'Support Staff';

export interface RoleInfo {
  displayName: string;
  /** 1 is the top of the chain of command. */
  rank: number;
  group: StaffGroup;
}

export const ROLE_INFO: Readonly<Record<StaffRole, Readonly<RoleInfo>>> = {
  platform_owner: { displayName: 'Platform Owner', rank: 1, group: 'Leadership' },
  head_internal_operations: { displayName: 'Head of Internal Operations', rank: 2, group: 'Leadership' },
  director_legal_affairs_safety: { displayName: 'Director of Legal Affairs & Safety', rank: 3, group: 'Leadership' },
  head_platform: { displayName: 'Head of Platform', rank: 4, group: 'Leadership' },
  customer_support_director: { displayName: 'Customer Support Director', rank: 5, group: 'Directors' },
  marketing_director: { displayName: 'Marketing Director', rank: 6, group: 'Directors' },
  human_resources_director: { displayName: 'Human Resources Director', rank: 7, group: 'Directors' },
  customer_support: { displayName: 'Customer Support', rank: 8, group: 'Support Staff' },
};

/**
 * Narrows a stored or submitted value. The spec's stray `human_resources` (one client list) and the
 * spelling 'Platform Owner' are not role values, so they are rejected rather than silently mapped.
 */
export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** Who acts and who is acted on; ids tell "oneself" apart from "another of the same role". */
export interface StaffPrincipal {
  id: number;
  role: StaffRole;
}

const oneOf =
  (...roles: StaffRole[]) =>
  (role: StaffRole): boolean =>
    roles.includes(role);

export const canViewSupportTickets = oneOf(
  'platform_owner',
  'customer_support_director',
  'director_legal_affairs_safety',
);

/**
 * Reading tickets: the list, a thread, its recordings, the live chat and its event stream (issue 33). Tickets hold
 * customers' emails, words and screen recordings, so only the roles whose work is support or legal read them:
 * support agents and their director, legal affairs & safety, and the owner. Marketing, HR and the other heads do not.
 */
export const canReadSupportTickets = oneOf(
  'platform_owner',
  'director_legal_affairs_safety',
  'customer_support_director',
  'customer_support',
);

export const canManageUsers = oneOf(
  'platform_owner',
  'head_internal_operations',
  'human_resources_director',
  'customer_support_director',
);

export const canPerformHrActions = oneOf('platform_owner', 'head_internal_operations', 'human_resources_director');

export const canResetPasswords = oneOf('platform_owner');

/**
 * Banning a customer account (issue 26): the owner, and the leaders whose work finds abuse — legal affairs & safety
 * (policy violations) and customer support's director (tickets) — plus internal operations. Agents report, they do
 * not ban; marketing and HR have no business with customer accounts.
 */
export const canBanCustomers = oneOf(
  'platform_owner',
  'head_internal_operations',
  'director_legal_affairs_safety',
  'customer_support_director',
);

/** A customer's role (user or admin) gives platform-wide power, so only the platform owner changes it. */
export const canChangeCustomerRoles = oneOf('platform_owner');

const ROLES_ANY_MANAGER_CREATES: readonly StaffRole[] = [
  'customer_support',
  'customer_support_director',
  'marketing_director',
  'human_resources_director',
];

const ROLES_ONLY_OWNER_CREATES: readonly StaffRole[] = [
  'head_internal_operations',
  'director_legal_affairs_safety',
  'head_platform',
];

/**
 * True when `target` sits strictly below `actor` in the chain of command (rank 1 is the top). Equal ranks do
 * not count: two members of one role must not be able to act on each other.
 */
export function outranks(actor: StaffRole, target: StaffRole): boolean {
  return ROLE_INFO[actor].rank < ROLE_INFO[target].rank;
}

/**
 * platform_owner is in neither list: that account is provisioned outside the app, never created in it. Everyone
 * else creates roles ranked at or below their own, so no manager can mint a superior (issue 14). An equal rank is
 * no escalation, and spec 2 section 6 lets a customer_support_director create another one (issue 26); acting on a
 * peer stays refused (`outranks`, strict, for HR actions and deletion).
 */
export function creatableRoles(role: StaffRole): readonly StaffRole[] {
  if (!canManageUsers(role)) return [];
  if (role === 'platform_owner') return [...ROLES_ANY_MANAGER_CREATES, ...ROLES_ONLY_OWNER_CREATES];
  return ROLES_ANY_MANAGER_CREATES.filter((created) => !outranks(created, role));
}

export function canCreateRole(actor: StaffRole, role: StaffRole): boolean {
  return creatableRoles(actor).includes(role);
}

/** Deleting oneself would leave no one accountable for the deletion, so it is refused even to the owner. */
// Internal operations deletes only those ranked below it, by the same rule as HR actions.
export function canDelete(actor: StaffPrincipal, target: StaffPrincipal): boolean {
  if (actor.id === target.id) return false;
  if (actor.role === 'platform_owner') return true;
  return actor.role === 'head_internal_operations' && outranks(actor.role, target.role);
}

/**
 * HR actions on a given person. Nobody may act on themselves (self-promotion, or undoing one's own suspension),
 * and the target must rank strictly below the actor (issue 14, docs/decisions.md): a director could otherwise
 * suspend the head of internal operations. An owner therefore cannot act on another owner either.
 */
export function canPerformHrActionOn(actor: StaffPrincipal, target: StaffPrincipal): boolean {
  if (!canPerformHrActions(actor.role)) return false;
  if (actor.id === target.id) return false;
  return outranks(actor.role, target.role);
}

/** Roles offered as the new role of a promotion or demotion. */
export const PROMOTION_ROLES: readonly StaffRole[] = Object.freeze([
  'head_internal_operations',
  'head_platform',
  'customer_support_director',
  'human_resources_director',
  'marketing_director',
] as const);

/**
 * What a signed-in member may do, as the login and validate-token answers list it (issue 26), so the screens
 * offer only what the server will accept. Targets (whom an HR action or a deletion may name, which roles may be
 * created) follow from `canPerformHrActionOn`, `canDelete` and `creatableRoles`.
 */
export const STAFF_PERMISSIONS = [
  'tickets.read',
  'tickets.manage',
  'tickets.takeover',
  'tickets.sla',
  'users.manage',
  'users.delete',
  'hr.actions',
  'passwords.reset',
  'maintenance',
  'customers.ban',
  'customers.role',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

const PERMISSION_RULES: Record<StaffPermission, (role: StaffRole) => boolean> = {
  // Every staff ticket route and the staff event stream (requirePermission in the support use cases).
  'tickets.read': canReadSupportTickets,
  // Changing a ticket's status and deleting it (requireTicketManager).
  'tickets.manage': canViewSupportTickets,
  // Replying on, or claiming, a ticket someone else claimed (mayActOnClaimed).
  'tickets.takeover': oneOf('platform_owner'),
  // Setting the desk's SLA targets (issue 39): the director who answers for them, and the owner.
  'tickets.sla': oneOf('platform_owner', 'customer_support_director'),
  'users.manage': canManageUsers,
  // canDelete's roles; the target still has to rank below a head of internal operations.
  'users.delete': oneOf('platform_owner', 'head_internal_operations'),
  'hr.actions': canPerformHrActions,
  'passwords.reset': canResetPasswords,
  maintenance: oneOf('platform_owner'),
  'customers.ban': canBanCustomers,
  'customers.role': canChangeCustomerRoles,
};

export function hasPermission(role: StaffRole, permission: StaffPermission): boolean {
  return PERMISSION_RULES[permission](role);
}

export function permissionsOf(role: StaffRole): StaffPermission[] {
  return STAFF_PERMISSIONS.filter((permission) => PERMISSION_RULES[permission](role));
}

/** Only the owner raises someone to their own level or above it; anyone else gives roles ranked below their own. */
export function mayAssignRole(actor: StaffRole, role: StaffRole): boolean {
  return actor === 'platform_owner' || outranks(actor, role);
}

/**
 * The new roles a promotion or demotion dialog offers: those the actor may give, and, once the target is known,
 * above the target's role for a promotion or below it for a demotion (as PerformHrAction checks).
 */
export function hrRoleChoices(actor: StaffRole, target: StaffRole | null, type: 'promotion' | 'demotion'): StaffRole[] {
  return PROMOTION_ROLES.filter(
    (role) =>
      mayAssignRole(actor, role) &&
      (target === null || (type === 'promotion' ? outranks(role, target) : outranks(target, role))),
  );
}
