import type { StaffMember, StaffRepository } from '../ports.ts';
import type { ProvisionStaffMember } from '../provisionStaffMember/provisionStaffMember.ts';

export interface FirstOwnerRequest {
  email: string;
  password: string;
}

/**
 * At start-up with STAFF_OWNER_EMAIL / STAFF_OWNER_PASSWORD: creates the platform_owner when no staff exist
 * yet, and does nothing afterwards, so the variables cannot be used to add or reset accounts later.
 */
export class EnsureFirstOwner {
  readonly #staff: StaffRepository;
  readonly #provision: ProvisionStaffMember;

  constructor(staff: StaffRepository, provision: ProvisionStaffMember) {
    this.#staff = staff;
    this.#provision = provision;
  }

  async execute(request: FirstOwnerRequest): Promise<StaffMember | null> {
    if ((await this.#staff.count()) > 0) return null;
    return this.#provision.execute({ ...request, role: 'platform_owner' });
  }
}
