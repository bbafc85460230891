import { Conflict, Forbidden } from '../../shared/errors.ts';
import type { StaffActivityLog } from '../activityLog.ts';
import { describeStaff } from '../describeStaff.ts';
import { canCreateRole, canManageUsers, ROLE_INFO, type StaffRole } from '../roles.ts';
import {
  normalizeStaffEmail,
  toPublicStaffUser,
  type PasswordHasher,
  type PublicStaffUser,
  type StaffMember,
  type StaffRepository,
} from '../ports.ts';

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
    if (!canManageUsers(actor.role)) throw new Forbidden("You don't have permission to manage users");
    if (!canCreateRole(actor.role, request.role)) {
      throw new Forbidden(
        `You may not create ${ROLE_INFO[request.role].displayName} accounts: only roles at or below your own rank`,
      );
    }
    const email = normalizeStaffEmail(request.email);
    const username = request.username.trim();
    if (await this.#staff.findByEmail(email)) throw new Conflict('A staff member with this email already exists');
    if (await this.#staff.findByUsername(username))
      throw new Conflict('A staff member with this username already exists');

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
