import { isStaffRole, type StaffMember } from '@groupflow/core';
import type { StaffUserRecord } from '../entities/index.ts';

/** What the domain's member is read from: an entity, or a plain row turned into the entity's shape. */
type MemberRecord = Omit<StaffUserRecord, 'role' | 'mfaSecret' | 'mfaPendingSecret' | 'mfaLastStep'> & { role: string };

/** staff_users as the driver hands it over: snake_case columns, dates as Date or string. */
export interface StaffUserRow {
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
  mfa_enabled: boolean;
  device_generation: number;
}

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

/** The entity's shape, from a plain row. */
function recordOf(row: StaffUserRow): MemberRecord {
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
    mfaEnabled: row.mfa_enabled,
    deviceGeneration: row.device_generation,
  };
}

export function toMember(row: MemberRecord): StaffMember {
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
    mfaEnabled: row.mfaEnabled,
    deviceGeneration: row.deviceGeneration,
  };
}

/** A member from a plain `select * from staff_users` row (the hot reads hydrate no entity). */
export const memberFromRow = (row: StaffUserRow): StaffMember => toMember(recordOf(row));
