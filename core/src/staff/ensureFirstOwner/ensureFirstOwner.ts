import { normalizeStaffEmail, type PasswordHasher, type StaffMember, type StaffRepository } from '../ports.ts';

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
  readonly #hasher: PasswordHasher;

  constructor(staff: StaffRepository, hasher: PasswordHasher) {
    this.#staff = staff;
    this.#hasher = hasher;
  }

  async execute(request: FirstOwnerRequest): Promise<StaffMember | null> {
    if ((await this.#staff.count()) > 0) return null;
    const email = normalizeStaffEmail(request.email);
    return this.#staff.create({
      username: email.split('@')[0] ?? email,
      email,
      role: 'platform_owner',
      passwordHash: await this.#hasher.hash(request.password),
      mustChangePassword: false,
    });
  }
}
