import type { Clock } from '../../shared/clock.ts';
import { Conflict } from '../../shared/errors.ts';
import type { StaffActivityLog } from '../activityLog.ts';
import { requireStaffMember } from '../requireStaffMember.ts';
import { toPublicStaffUser, type PublicStaffUser, type StaffRepository } from '../ports.ts';

const MINUTE_MS = 60_000;

/** POST /api/staff/clock-out: ends the shift and adds its whole minutes to totalHoursWorked (minutes). */
export class ClockOut {
  readonly #staff: StaffRepository;
  readonly #clock: Clock;
  readonly #activities: StaffActivityLog;

  constructor(staff: StaffRepository, clock: Clock, activities: StaffActivityLog) {
    this.#staff = staff;
    this.#clock = clock;
    this.#activities = activities;
  }

  async execute(staffId: number): Promise<PublicStaffUser> {
    const member = await requireStaffMember(this.#staff, staffId);
    if (!member.clockedIn) throw new Conflict('STAFF.NOT_CLOCKED_IN', 'Not clocked in');
    const now = this.#clock.now();
    const updated = {
      ...member,
      clockedIn: false,
      clockOutTime: now,
      totalHoursWorked: member.totalHoursWorked + workedMinutes(member.clockInTime, now),
    };
    if (!(await this.#staff.saveClockChange(updated, true)))
      throw new Conflict('STAFF.NOT_CLOCKED_IN', 'Not clocked in');
    await this.#activities.record({
      staffUserId: member.id,
      type: 'staff.clock_out',
      description: `${member.username} clocked out`,
    });
    return toPublicStaffUser(updated);
  }
}

/**
 * A clocked-in row without a start time (legacy data) or a start in the future (clock skew between
 * servers) credits nothing rather than corrupting the total; clocking out still succeeds.
 */
function workedMinutes(clockInTime: Date | null, now: Date): number {
  if (clockInTime === null) return 0;
  return Math.max(0, Math.floor((now.getTime() - clockInTime.getTime()) / MINUTE_MS));
}
