import { NotFound } from '../../shared/errors.ts';
import type { Transaction } from '../../shared/transaction.ts';
import type { StaffActivityLog } from '../activityLog.ts';
import { describeStaff } from '../describeStaff.ts';
import {
  normalizeStaffEmail,
  type PasswordHasher,
  type StaffMember,
  type StaffRepository,
  type StaffSessions,
  type TemporaryPasswords,
} from '../ports.ts';
import { requirePermission } from '../requirePermission.ts';

/**
 * POST /api/staff/reset-password. The temporary password works for one login, which must set a new password;
 * the member's open sessions and device cookies end, since whoever asked for a reset may not be the one holding them.
 */
export class ResetStaffPassword {
  readonly #staff: StaffRepository;
  readonly #sessions: StaffSessions;
  readonly #hasher: PasswordHasher;
  readonly #passwords: TemporaryPasswords;
  readonly #activities: StaffActivityLog;
  readonly #transaction: Transaction;

  constructor(
    staff: StaffRepository,
    sessions: StaffSessions,
    hasher: PasswordHasher,
    passwords: TemporaryPasswords,
    activities: StaffActivityLog,
    transaction: Transaction,
  ) {
    this.#staff = staff;
    this.#sessions = sessions;
    this.#hasher = hasher;
    this.#passwords = passwords;
    this.#activities = activities;
    this.#transaction = transaction;
  }

  async execute(actor: StaffMember, email: string): Promise<{ tempPassword: string }> {
    requirePermission(actor, 'passwords.reset');
    const target = await this.#staff.findByEmail(normalizeStaffEmail(email));
    if (target === null) throw new NotFound('STAFF.NOT_FOUND', 'No staff member has this email');
    const tempPassword = this.#passwords.generate();
    const passwordHash = await this.#hasher.hash(tempPassword);
    await this.#transaction.run(async () => {
      await this.#staff.save({ ...target, passwordHash, mustChangePassword: true });
      await this.#sessions.revokeAllFor(target.id);
      await this.#staff.revokeDevices(target.id);
      await this.#activities.record({
        staffUserId: actor.id,
        type: 'staff.password_reset',
        description: `${actor.username} reset the password of ${describeStaff(target)}`,
      });
    });
    return { tempPassword };
  }
}
