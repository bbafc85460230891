import type { Clock } from '../../shared/clock.ts';
import { Conflict } from '../../shared/errors.ts';
import type { StaffActivityLog } from '../activityLog.ts';
import { requireStaffMember } from '../requireStaffMember.ts';
import { toPublicStaffUser, type PublicStaffUser, type StaffRepository } from '../ports.ts';

/** POST /api/staff/clock-in, for the member the bearer token belongs to. */
export class ClockIn {
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
    // A second clock-in would restart the shift and silently drop the minutes already worked.
    if (member.clockedIn) throw new Conflict('STAFF.ALREADY_CLOCKED_IN', 'Already clocked in');
    const updated = { ...member, clockedIn: true, clockInTime: this.#clock.now() };
    if (!(await this.#staff.saveClockChange(updated, false)))
      throw new Conflict('STAFF.ALREADY_CLOCKED_IN', 'Already clocked in');
    await this.#activities.record({
      staffUserId: member.id,
      type: 'staff.clock_in',
      description: `${member.username} clocked in`,
    });
    return toPublicStaffUser(updated);
  }
}
