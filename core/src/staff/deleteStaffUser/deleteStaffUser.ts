import { Forbidden } from '../../shared/errors.ts';
import type { Transaction } from '../../shared/transaction.ts';
import type { StaffActivityLog } from '../activityLog.ts';
import { describeStaff } from '../describeStaff.ts';
import { requireStaffMember } from '../requireStaffMember.ts';
import { canDelete } from '../roles.ts';
import type { StaffMember, StaffRepository, StaffSessions } from '../ports.ts';

/**
 * DELETE /api/staff/{id}. HR history and activities keep their copies of the name (loose references). The device
 * cookies die with the account: they name its id, which is never reused, so a new account under the same email
 * does not inherit them (SignInAttempts).
 */
export class DeleteStaffUser {
  readonly #staff: StaffRepository;
  readonly #sessions: StaffSessions;
  readonly #activities: StaffActivityLog;
  readonly #transaction: Transaction;

  constructor(staff: StaffRepository, sessions: StaffSessions, activities: StaffActivityLog, transaction: Transaction) {
    this.#staff = staff;
    this.#sessions = sessions;
    this.#activities = activities;
    this.#transaction = transaction;
  }

  async execute(actor: StaffMember, targetId: number): Promise<void> {
    const target = await requireStaffMember(this.#staff, targetId);
    if (!canDelete(actor, target)) {
      throw new Forbidden(
        'STAFF.DELETE_FORBIDDEN',
        actor.id === target.id ? 'You cannot delete your own account' : 'You may not delete this staff member',
      );
    }
    await this.#transaction.run(async () => {
      await this.#sessions.revokeAllFor(target.id);
      await this.#staff.delete(target.id);
      await this.#activities.record({
        staffUserId: actor.id,
        type: 'staff.deleted',
        description: `${actor.username} deleted the account ${describeStaff(target)}`,
      });
    });
  }
}
