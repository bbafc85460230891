import { Forbidden } from '../../shared/errors.ts';
import type { Transaction } from '../../shared/transaction.ts';
import type { StaffActivityLog } from '../activityLog.ts';
import { describeStaff } from '../describeStaff.ts';
import { requireStaffMember } from '../requireStaffMember.ts';
import { canResetPasswords } from '../roles.ts';
import type { StaffMember, StaffMfa, StaffRepository, StaffSessions } from '../ports.ts';

/**
 * POST /api/staff/mfa/reset: the owner turns off a member's two-factor authentication (a lost phone and lost
 * recovery codes). The member's sessions and device cookies end, since whoever asked may not be the one holding them;
 * a member whose role requires it must enrol again at the next sign-in.
 */
export class ResetStaffMfa {
  readonly #staff: StaffRepository;
  readonly #sessions: StaffSessions;
  readonly #mfa: StaffMfa;
  readonly #activities: StaffActivityLog;
  readonly #transaction: Transaction;

  constructor(deps: {
    staff: StaffRepository;
    sessions: StaffSessions;
    mfa: StaffMfa;
    activities: StaffActivityLog;
    transaction: Transaction;
  }) {
    this.#staff = deps.staff;
    this.#sessions = deps.sessions;
    this.#mfa = deps.mfa;
    this.#activities = deps.activities;
    this.#transaction = deps.transaction;
  }

  async execute(actor: StaffMember, staffId: number): Promise<void> {
    if (!canResetPasswords(actor.role)) {
      throw new Forbidden('STAFF.MFA_RESET_FORBIDDEN', 'Only the platform owner may reset two-factor authentication');
    }
    const target = await requireStaffMember(this.#staff, staffId);
    await this.#transaction.run(async () => {
      await this.#mfa.disable(target.id);
      await this.#sessions.revokeAllFor(target.id);
      await this.#staff.revokeDevices(target.id);
      await this.#activities.record({
        staffUserId: actor.id,
        type: 'staff.mfa_reset',
        description: `${actor.username} reset the two-factor authentication of ${describeStaff(target)}`,
      });
    });
  }
}
