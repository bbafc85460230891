import { Invalid } from '../../shared/errors.ts';
import { toPublicStaffUser, type PasswordHasher, type PublicStaffUser, type StaffMember, type StaffRepository } from '../ports.ts';

export interface ChangeStaffPasswordRequest {
  /** Not asked while a password change is pending: the issued password was already spent on this login. */
  currentPassword?: string | undefined;
  newPassword: string;
}

/** POST /api/staff/change-password, for the member the bearer token belongs to. */
export class ChangeStaffPassword {
  readonly #staff: StaffRepository;
  readonly #hasher: PasswordHasher;

  constructor(staff: StaffRepository, hasher: PasswordHasher) {
    this.#staff = staff;
    this.#hasher = hasher;
  }

  async execute(member: StaffMember, request: ChangeStaffPasswordRequest): Promise<PublicStaffUser> {
    if (!member.mustChangePassword) {
      const current = request.currentPassword ?? '';
      if (!(await this.#hasher.verify(member.passwordHash, current))) {
        throw new Invalid('Current password is incorrect', [
          { path: ['currentPassword'], message: 'Current password is incorrect' },
        ]);
      }
    }
    const updated = { ...member, passwordHash: await this.#hasher.hash(request.newPassword), mustChangePassword: false };
    await this.#staff.save(updated);
    return toPublicStaffUser(updated);
  }
}
