import { Conflict } from '../../shared/errors.ts';
import type { StaffRole } from '../roles.ts';
import { normalizeStaffEmail, type PasswordHasher, type StaffMember, type StaffRepository } from '../ports.ts';

export interface ProvisionRequest {
  email: string;
  password: string;
  role: StaffRole;
  /** Defaults to the part of the email before the @. */
  username?: string | undefined;
}

/**
 * An operator's account creation (`npm run staff:create`, the first owner at start-up): no acting member and no
 * role limits, which is why it is reachable only from the server's own process, never over HTTP. The operator
 * chose the password, so it is not an issued one.
 */
export class ProvisionStaffMember {
  readonly #staff: StaffRepository;
  readonly #hasher: PasswordHasher;

  constructor(staff: StaffRepository, hasher: PasswordHasher) {
    this.#staff = staff;
    this.#hasher = hasher;
  }

  async execute(request: ProvisionRequest): Promise<StaffMember> {
    const email = normalizeStaffEmail(request.email);
    const username = request.username?.trim() || email.split('@')[0] || email;
    if (await this.#staff.findByEmail(email))
      throw new Conflict('STAFF.EMAIL_TAKEN', 'A staff member with this email already exists');
    if (await this.#staff.findByUsername(username))
      throw new Conflict('STAFF.USERNAME_TAKEN', 'A staff member with this username already exists');
    return this.#staff.create({
      username,
      email,
      role: request.role,
      passwordHash: await this.#hasher.hash(request.password),
      mustChangePassword: false,
    });
  }
}
