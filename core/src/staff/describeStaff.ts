import { ROLE_INFO } from './roles.ts';
import type { StaffMember } from './ports.ts';

/** "alice (Customer Support)": how activities and mails name a member. */
export function describeStaff(member: Pick<StaffMember, 'username' | 'role'>): string {
  return `${member.username} (${ROLE_INFO[member.role].displayName})`;
}
