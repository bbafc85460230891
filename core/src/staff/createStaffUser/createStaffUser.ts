import { Conflict, Forbidden } from '../../shared/errors.ts';
import type { StaffActivityLog } from '../activityLog.ts';
import { describeStaff } from '../describeStaff.ts';
import { canCreateRole, ROLE_INFO, type StaffRole } from '../roles.ts';
import {
  normalizeStaffEmail,
  toPublicStaffUser,
  type PasswordHasher,
  type PublicStaffUser,
  type StaffMember,
  type StaffRepository,
} from '../ports.ts';
import { requirePermission } from '../requirePermission.ts';

export interface CreateStaffUserRequest {
  username: string;
  email: string;
  password: string;
  role: StaffRole;
}

/** POST /api/staff/create. */
export class CreateStaffUser {
  readonly #staff: StaffRepository;
  readonly #hasher: PasswordHasher;
  readonly #activities: StaffActivityLog;

  constructor(staff: StaffRepository, hasher: PasswordHasher, activities: StaffActivityLog) {
    this.#staff = staff;
    this.#hasher = hasher;
    this.#activities = activities;
  }

  async execute(actor: StaffMember, request: CreateStaffUserRequest): Promise<PublicStaffUser> {
    requirePermission(actor, 'users.manage');
    if (!canCreateRole(actor.role, request.role)) {
      throw new Forbidden(
        'STAFF.ROLE_TOO_HIGH',
        `You may not create ${ROLE_INFO[request.role].displayName} accounts: only roles at or below your own rank`,
      );
    }
    const email = normalizeStaffEmail(request.email);
    const username = request.username.trim();
    if (await this.#staff.findByEmail(email))
      throw new Conflict('STAFF.EMAIL_TAKEN', 'A staff member with this email already exists');
    if (await this.#staff.findByUsername(username))
      throw new Conflict('STAFF.USERNAME_TAKEN', 'A staff member with this username already exists');

    const created = await this.#staff.create({
      username,
      email,
      role: request.role,
      passwordHash: await this.#hasher.hash(request.password),
      // The creator knows this password, so the new member must choose their own at first login.
      mustChangePassword: true,
    });
    await this.#activities.record({
      staffUserId: actor.id,
      type: 'staff.created',
      description: `${actor.username} created the account ${describeStaff(created)}`,
    });
    return toPublicStaffUser(created);
  }
}
