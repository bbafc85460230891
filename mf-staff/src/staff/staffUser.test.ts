import { describe, expect, it } from 'vitest';
import { STAFF_ROLES, type StaffRole, type StaffUser } from '@groupflow/core/contracts';
import {
  dashboardAccess,
  formatLastLogin,
  formatTotalHours,
  groupByRank,
  matchesSearch,
  summarize,
} from './staffUser.ts';
import { staffUserWire } from '@groupflow/shell-kit/testing';

let nextId = 1;
function member(role: StaffRole, overrides: Partial<StaffUser> = {}): StaffUser {
  const id = nextId++;
  return staffUserWire({ id, username: `user${id}`, role, ...overrides });
}

describe('groupByRank', () => {
  it('sorts by rank into Leadership Team, Department Directors and Support Staff, leaving empty groups out', () => {
    const support = member('customer_support', { username: 'zed' });
    const marketing = member('marketing_director');
    const owner = member('platform_owner');
    const csDirector = member('customer_support_director');
    const headPlatform = member('head_platform');

    const sections = groupByRank([support, marketing, owner, csDirector, headPlatform]);

    expect(sections.map((section) => section.title)).toEqual([
      'Leadership Team',
      'Department Directors',
      'Support Staff',
    ]);
    expect(sections[0]!.members).toEqual([owner, headPlatform]);
    expect(sections[1]!.members).toEqual([csDirector, marketing]);
    expect(sections[2]!.members).toEqual([support]);
    expect(groupByRank([support]).map((section) => section.group)).toEqual(['Support Staff']);
  });

  it('orders people of the same rank by username', () => {
    const b = member('customer_support', { username: 'bea' });
    const a = member('customer_support', { username: 'ann' });
    expect(groupByRank([b, a])[0]!.members.map((user) => user.username)).toEqual(['ann', 'bea']);
  });
});

describe('formatTotalHours', () => {
  it('divides minutes by 60 and rounds down', () => {
    expect(formatTotalHours(0)).toBe('0h total');
    expect(formatTotalHours(59)).toBe('0h total');
    expect(formatTotalHours(150)).toBe('2h total');
  });
});

describe('formatLastLogin', () => {
  it("reads 'Never' without a login", () => {
    expect(formatLastLogin(null)).toBe('Never');
    expect(formatLastLogin('2026-03-04T10:00:00.000Z')).not.toBe('Never');
  });
});

describe('matchesSearch', () => {
  const user = member('human_resources_director', { username: 'Maria', email: 'maria@corp.test' });
  it('matches username, email and role display name, ignoring case', () => {
    expect(matchesSearch(user, 'mar')).toBe(true);
    expect(matchesSearch(user, 'CORP.TEST')).toBe(true);
    expect(matchesSearch(user, 'human resources')).toBe(true);
    expect(matchesSearch(user, 'human_resources')).toBe(false);
    expect(matchesSearch(user, '   ')).toBe(true);
  });
});

describe('summarize', () => {
  it('counts groups, active accounts and clocked-in staff', () => {
    const summary = summarize([
      member('platform_owner', { clockedIn: true }),
      member('marketing_director', { isActive: false }),
      member('customer_support'),
      member('customer_support', { clockedIn: true }),
    ]);
    expect(summary).toEqual({ leadership: 1, directors: 1, supportStaff: 2, total: 4, active: 3, clockedIn: 2 });
  });
});

describe('dashboardAccess', () => {
  it('shows customer support the live chat, but neither Manage Users, HR tools, support tickets nor owner controls', () => {
    expect(dashboardAccess('customer_support')).toEqual({
      supportTickets: false,
      liveSupportChat: true,
      manageUsers: false,
      hrTools: false,
      maintenance: false,
      resetStaffPassword: false,
    });
  });

  it('shows the Support Tickets link only to the roles its page admits', () => {
    const withLink = STAFF_ROLES.filter((role) => dashboardAccess(role).supportTickets);
    expect(withLink).toEqual(['platform_owner', 'director_legal_affairs_safety', 'customer_support_director']);
  });

  it('hides Live Support Chat from the roles that read no tickets: marketing, HR and the other heads', () => {
    const without = STAFF_ROLES.filter((role) => !dashboardAccess(role).liveSupportChat);
    expect(without).toEqual([
      'head_internal_operations',
      'head_platform',
      'marketing_director',
      'human_resources_director',
    ]);
  });

  it('shows the platform owner everything', () => {
    expect(Object.values(dashboardAccess('platform_owner')).every(Boolean)).toBe(true);
  });

  it('gives the HR director Manage Users and HR tools but not the owner controls', () => {
    const access = dashboardAccess('human_resources_director');
    expect(access.manageUsers && access.hrTools).toBe(true);
    expect(access.maintenance || access.resetStaffPassword).toBe(false);
  });
});
