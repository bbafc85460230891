import { UniqueConstraintViolationException } from '@mikro-orm/core';
import {
  Conflict,
  isStaffRole,
  type NewStaffMember,
  type StaffMember,
  type StaffRepository,
} from '@groupflow/core';
import type { Orm } from '../database.ts';
import { StaffUser, type StaffUserRecord } from '../entities/index.ts';
import { literalLike } from '../likePattern.ts';

export class MikroOrmStaffRepository implements StaffRepository {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async findById(id: number): Promise<StaffMember | null> {
    // Plain row: every staff call authenticates through here.
    const [row] = await this.#orm.em.getConnection().execute<StaffUserRow[]>('select * from staff_users where id = ?', [id]);
    return row === undefined ? null : toMember(fromRow(row));
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
        throw new Conflict('A staff member with this username or email already exists');
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
}

/** staff_users as the driver hands it over: snake_case columns, dates as Date or string. */
interface StaffUserRow {
  id: number;
  username: string;
  email: string;
  password_hash: string;
  role: string;
  is_active: boolean;
  last_login: Date | string | null;
  clocked_in: boolean;
  clock_in_time: Date | string | null;
  clock_out_time: Date | string | null;
  total_hours_worked: number;
  must_change_password: boolean;
  suspended_until: Date | string | null;
  created_at: Date | string;
}

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

/** The record shape toMember reads, from a plain row. */
function fromRow(row: StaffUserRow): Omit<StaffUserRecord, 'role'> & { role: string } {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    passwordHash: row.password_hash,
    role: row.role,
    isActive: row.is_active,
    lastLogin: dateOrNull(row.last_login),
    clockedIn: row.clocked_in,
    clockInTime: dateOrNull(row.clock_in_time),
    clockOutTime: dateOrNull(row.clock_out_time),
    totalHoursWorked: row.total_hours_worked,
    mustChangePassword: row.must_change_password,
    suspendedUntil: dateOrNull(row.suspended_until),
    createdAt: new Date(row.created_at),
  };
}

function toMember(row: Omit<StaffUserRecord, 'role'> & { role: string }): StaffMember {
  if (!isStaffRole(row.role)) throw new Error(`staff_users ${row.id} has an unknown role ${row.role}`);
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    isActive: row.isActive,
    lastLogin: row.lastLogin ?? null,
    clockedIn: row.clockedIn,
    clockInTime: row.clockInTime ?? null,
    clockOutTime: row.clockOutTime ?? null,
    totalHoursWorked: row.totalHoursWorked,
    createdAt: row.createdAt,
    passwordHash: row.passwordHash,
    mustChangePassword: row.mustChangePassword,
    suspendedUntil: row.suspendedUntil ?? null,
  };
}
