import { describe, expect, it } from 'vitest';
import {
  PROMOTION_ROLES,
  ROLE_INFO,
  STAFF_ROLES,
  canCreateRole,
  canDelete,
  canManageUsers,
  canPerformHrActionOn,
  canPerformHrActions,
  canResetPasswords,
  canReadSupportTickets,
  canViewSupportTickets,
  creatableRoles,
  permissionsOf,
  hrRoleChoices,
  isStaffRole,
  type StaffRole,
} from './roles.ts';

/** The roles for which a predicate must answer true; every other role must get false. */
const allowedFor = (predicate: (role: StaffRole) => boolean) => STAFF_ROLES.filter(predicate);

describe('staff roles', () => {
  it('lists the eight role values in rank order', () => {
    expect(STAFF_ROLES).toEqual([
      'platform_owner',
      'head_internal_operations',
      'director_legal_affairs_safety',
      'head_platform',
      'customer_support_director',
      'marketing_director',
      'human_resources_director',
      'customer_support',
    ]);
    expect(STAFF_ROLES.map((role) => ROLE_INFO[role].rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('gives each role the display name and group of the spec table', () => {
    expect(STAFF_ROLES.map((role) => [role, ROLE_INFO[role].displayName, ROLE_INFO[role].group])).toEqual([
      ['platform_owner', 'Platform Owner', 'Leadership'],
      ['head_internal_operations', 'Head of Internal Operations', 'Leadership'],
      ['director_legal_affairs_safety', 'Director of Legal Affairs & Safety', 'Leadership'],
      ['head_platform', 'Head of Platform', 'Leadership'],
      ['customer_support_director', 'Customer Support Director', 'Directors'],
      ['marketing_director', 'Marketing Director', 'Directors'],
      ['human_resources_director', 'Human Resources Director', 'Directors'],
      ['customer_support', 'Customer Support', 'Support Staff'],
    ]);
  });

  it('recognises only the role values', () => {
    expect(STAFF_ROLES.every(isStaffRole)).toBe(true);
    expect(isStaffRole('human_resources')).toBe(false);
    expect(isStaffRole('Platform Owner')).toBe(false);
    expect(isStaffRole(undefined)).toBe(false);
  });
});

describe('role permissions', () => {
  it('lets only the owner, support director and legal director view support tickets', () => {
    expect(allowedFor(canViewSupportTickets)).toEqual([
      'platform_owner',
      'director_legal_affairs_safety',
      'customer_support_director',
    ]);
  });

  it('lets only support and legal read tickets: never marketing, HR or the other heads', () => {
    expect(allowedFor(canReadSupportTickets)).toEqual([
      'platform_owner',
      'director_legal_affairs_safety',
      'customer_support_director',
      'customer_support',
    ]);
  });

  it('lets only the owner, internal operations, HR director and support director manage users', () => {
    expect(allowedFor(canManageUsers)).toEqual([
      'platform_owner',
      'head_internal_operations',
      'customer_support_director',
      'human_resources_director',
    ]);
  });

  it('lets only the owner, internal operations and the HR director perform HR actions', () => {
    expect(allowedFor(canPerformHrActions)).toEqual([
      'platform_owner',
      'head_internal_operations',
      'human_resources_director',
    ]);
  });

  it('lets only the owner reset passwords', () => {
    expect(allowedFor(canResetPasswords)).toEqual(['platform_owner']);
  });
});

describe('creatable roles', () => {
  const base = ['customer_support', 'customer_support_director', 'marketing_director', 'human_resources_director'];

  it.each([
    ['platform_owner', [...base, 'head_internal_operations', 'director_legal_affairs_safety', 'head_platform']],
    ['head_internal_operations', base],
    ['human_resources_director', ['customer_support', 'human_resources_director']],
    ['customer_support_director', base],
    ['director_legal_affairs_safety', []],
    ['head_platform', []],
    ['marketing_director', []],
    ['customer_support', []],
  ] as const)('%s may create %j', (actor, expected) => {
    expect([...creatableRoles(actor)].sort()).toEqual([...expected].sort());
  });

  it('never lets anyone create a platform_owner', () => {
    expect(STAFF_ROLES.filter((actor) => canCreateRole(actor, 'platform_owner'))).toEqual([]);
  });

  it('answers canCreateRole from the same lists', () => {
    expect(canCreateRole('platform_owner', 'head_platform')).toBe(true);
    expect(canCreateRole('head_internal_operations', 'head_platform')).toBe(false);
    expect(canCreateRole('customer_support_director', 'customer_support')).toBe(true);
    expect(canCreateRole('customer_support', 'customer_support')).toBe(false);
    // Spec 2 section 6: an equal rank may be created (no escalation), a higher one never.
    expect(canCreateRole('customer_support_director', 'customer_support_director')).toBe(true);
    expect(canCreateRole('human_resources_director', 'customer_support_director')).toBe(false);
  });

  it('hands out copies, so a caller cannot widen the policy', () => {
    (creatableRoles('head_internal_operations') as StaffRole[]).push('platform_owner');
    expect(creatableRoles('head_internal_operations')).not.toContain('platform_owner');
  });
});

/** Every ordered pair of distinct people, one per role, plus each role acting on itself. */
const pairs = STAFF_ROLES.flatMap((actor) => STAFF_ROLES.map((target) => [actor, target] as const));
const ACTOR_ID = 1;
const OTHER_ID = 2;

describe('canDelete', () => {
  it('lets the owner delete anyone else, internal operations anyone ranked below it, and nobody else anyone', () => {
    const allowed = pairs
      .filter(([actor, target]) => canDelete({ id: ACTOR_ID, role: actor }, { id: OTHER_ID, role: target }))
      .map(([actor, target]) => `${actor}->${target}`);
    const expected = [
      ...STAFF_ROLES.map((target) => `platform_owner->${target}`),
      ...STAFF_ROLES.filter((target) => !['platform_owner', 'head_internal_operations'].includes(target)).map(
        (target) => `head_internal_operations->${target}`,
      ),
    ];
    expect(allowed.sort()).toEqual(expected.sort());
  });

  it('never lets anyone delete themselves', () => {
    expect(STAFF_ROLES.filter((role) => canDelete({ id: ACTOR_ID, role }, { id: ACTOR_ID, role }))).toEqual([]);
  });
});

describe('canPerformHrActionOn', () => {
  it('lets HR roles act only on others ranked strictly below them (issue 14)', () => {
    const allowed = pairs
      .filter(([actor, target]) => canPerformHrActionOn({ id: ACTOR_ID, role: actor }, { id: OTHER_ID, role: target }))
      .map(([actor, target]) => `${actor}->${target}`);
    const below = (actor: StaffRole) => STAFF_ROLES.filter((target) => ROLE_INFO[target].rank > ROLE_INFO[actor].rank);
    const expected = (['platform_owner', 'head_internal_operations', 'human_resources_director'] as const).flatMap(
      (actor) => below(actor).map((target) => `${actor}->${target}`),
    );
    expect(allowed.sort()).toEqual(expected.sort());
    expect(allowed).not.toContain('human_resources_director->head_internal_operations');
    expect(allowed).not.toContain('platform_owner->platform_owner');
  });

  it('never lets anyone act on themselves', () => {
    expect(STAFF_ROLES.filter((role) => canPerformHrActionOn({ id: ACTOR_ID, role }, { id: ACTOR_ID, role }))).toEqual(
      [],
    );
  });
});

describe('promotion roles', () => {
  it('offers the five roles of the spec and never platform_owner', () => {
    expect([...PROMOTION_ROLES].sort()).toEqual(
      [
        'head_internal_operations',
        'head_platform',
        'customer_support_director',
        'human_resources_director',
        'marketing_director',
      ].sort(),
    );
  });
});

describe('permissions of a signed-in member', () => {
  it.each([
    [
      'platform_owner',
      [
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
      ],
    ],
    ['head_internal_operations', ['users.manage', 'users.delete', 'hr.actions', 'customers.ban']],
    ['customer_support_director', ['tickets.read', 'tickets.manage', 'tickets.sla', 'users.manage', 'customers.ban']],
    ['director_legal_affairs_safety', ['tickets.read', 'tickets.manage', 'customers.ban']],
    ['human_resources_director', ['users.manage', 'hr.actions']],
    ['marketing_director', []],
    ['customer_support', ['tickets.read']],
  ] as const)('%s may %j', (role, expected) => {
    expect(permissionsOf(role)).toEqual(expected);
  });
});

describe('roles an HR dialog offers', () => {
  it('offers only roles the actor may give, in the direction of the action', () => {
    expect(hrRoleChoices('human_resources_director', null, 'promotion')).toEqual([]);
    expect(hrRoleChoices('head_internal_operations', null, 'promotion')).toEqual([
      'head_platform',
      'customer_support_director',
      'human_resources_director',
      'marketing_director',
    ]);
    expect(hrRoleChoices('head_internal_operations', 'marketing_director', 'promotion')).toEqual([
      'head_platform',
      'customer_support_director',
    ]);
    expect(hrRoleChoices('platform_owner', 'head_platform', 'demotion')).toEqual([
      'customer_support_director',
      'human_resources_director',
      'marketing_director',
    ]);
    expect(hrRoleChoices('platform_owner', 'customer_support', 'promotion')).toContain('head_internal_operations');
  });
});
