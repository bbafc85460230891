import { ROLE_INFO } from '../roles.ts';
import { toPublicStaffUser, type PublicStaffUser, type StaffRepository } from '../ports.ts';

/**
 * GET /api/staff/all. Every signed-in staff member may call it: the chain of command page, open to all staff,
 * is built from it. Only public fields leave, ordered by rank, then name.
 */
export class ListStaff {
  readonly #staff: StaffRepository;

  constructor(staff: StaffRepository) {
    this.#staff = staff;
  }

  async execute(): Promise<PublicStaffUser[]> {
    const members = await this.#staff.list();
    return members
      .sort((a, b) => ROLE_INFO[a.role].rank - ROLE_INFO[b.role].rank || a.username.localeCompare(b.username))
      .map(toPublicStaffUser);
  }
}
