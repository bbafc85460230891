import { NotFound } from '../shared/errors.ts';
import type { StaffMember, StaffRepository } from './ports.ts';

/** Loads the member a staff use case acts on; an unknown id is a NotFound for every one of them. */
export async function requireStaffMember(staff: StaffRepository, staffId: number): Promise<StaffMember> {
  const member = await staff.findById(staffId);
  if (member === null) throw new NotFound('STAFF.NOT_FOUND', 'Staff member not found');
  return member;
}
