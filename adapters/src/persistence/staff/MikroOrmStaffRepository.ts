import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { Conflict, type NewStaffMember, type StaffMember, type StaffRepository } from '@groupflow/core';
import type { Orm } from '../database.ts';
import { StaffUser } from '../entities/index.ts';
import { memberFromRow, toMember, type StaffUserRow } from './staffMembers.ts';
import { literalLike } from '../likePattern.ts';

export class MikroOrmStaffRepository implements StaffRepository {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async findById(id: number): Promise<StaffMember | null> {
    // Plain row: every staff call authenticates through here.
    const [row] = await this.#orm.em
      .getConnection()
      .execute<StaffUserRow[]>('select * from staff_users where id = ?', [id]);
    return row === undefined ? null : memberFromRow(row);
  }

  async findByEmail(email: string): Promise<StaffMember | null> {
    const row = await this.#orm.em.findOne(StaffUser, { email: { $ilike: literalLike(email) } });
    return row && toMember(row);
  }

  async findByUsername(username: string): Promise<StaffMember | null> {
    const row = await this.#orm.em.findOne(StaffUser, { username: { $ilike: literalLike(username) } });
    return row && toMember(row);
  }

  async list(): Promise<StaffMember[]> {
    const rows = await this.#orm.em.find(StaffUser, {}, { orderBy: { id: 'asc' } });
    return rows.map(toMember);
  }

  count(): Promise<number> {
    return this.#orm.em.count(StaffUser, {});
  }

  async create(member: NewStaffMember): Promise<StaffMember> {
    const em = this.#orm.em;
    const row = em.create(StaffUser, {
      username: member.username,
      email: member.email,
      role: member.role,
      passwordHash: member.passwordHash,
      mustChangePassword: member.mustChangePassword,
    });
    try {
      await em.flush();
    } catch (error) {
      // Two creations racing past the use case's checks: the unique keys decide, and the loser hears why.
      if (error instanceof UniqueConstraintViolationException) {
        em.clear();
        throw new Conflict('STAFF.ACCOUNT_TAKEN', 'A staff member with this username or email already exists');
      }
      throw error;
    }
    return toMember(row);
  }

  async save(member: StaffMember): Promise<void> {
    const em = this.#orm.em;
    const row = await em.findOneOrFail(StaffUser, { id: member.id });
    row.username = member.username;
    row.email = member.email;
    row.role = member.role;
    row.passwordHash = member.passwordHash;
    row.isActive = member.isActive;
    row.lastLogin = member.lastLogin;
    row.clockedIn = member.clockedIn;
    row.clockInTime = member.clockInTime;
    row.clockOutTime = member.clockOutTime;
    row.totalHoursWorked = member.totalHoursWorked;
    row.mustChangePassword = member.mustChangePassword;
    row.suspendedUntil = member.suspendedUntil;
    await em.flush();
  }

  async saveClockChange(member: StaffMember, expectedClockedIn: boolean): Promise<boolean> {
    // One conditional UPDATE: the row lock makes the second of two racing requests see the first one's result.
    const changed = await this.#orm.em.nativeUpdate(
      StaffUser,
      { id: member.id, clockedIn: expectedClockedIn },
      {
        clockedIn: member.clockedIn,
        clockInTime: member.clockInTime,
        clockOutTime: member.clockOutTime,
        totalHoursWorked: member.totalHoursWorked,
      },
    );
    return changed === 1;
  }

  async delete(id: number): Promise<void> {
    const em = this.#orm.em;
    const row = await em.findOne(StaffUser, { id });
    if (row === null) return;
    em.remove(row);
    await em.flush();
  }

  async revokeDevices(id: number): Promise<void> {
    // The entity manager's execute joins the caller's transaction (a reset's sessions and log go with it).
    await this.#orm.em.execute('update staff_users set device_generation = device_generation + 1 where id = ?', [id]);
  }
}
