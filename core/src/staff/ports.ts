import { permissionsOf, type StaffPermission, type StaffRole } from './roles.ts';

/** A staff account as the staff use cases see it (spec 3, staff_users). */
export interface StaffMember {
  id: number;
  username: string;
  email: string;
  role: StaffRole;
  /** False once terminated or suspended: no login, and existing tokens stop working. */
  isActive: boolean;
  lastLogin: Date | null;
  clockedIn: boolean;
  clockInTime: Date | null;
  clockOutTime: Date | null;
  /** Despite the name, minutes (spec 3); the UI divides by 60. */
  totalHoursWorked: number;
  createdAt: Date;
  passwordHash: string;
  /** Set when a password was issued by someone else (creation, reset), so the UI can ask for a new one. */
  mustChangePassword: boolean;
  /** End of a suspension; null when not suspended. Inactive with no end date means terminated. */
  suspendedUntil: Date | null;
}

/** The fields a new account starts with; the repository assigns id and createdAt. */
export type NewStaffMember = Pick<StaffMember, 'username' | 'email' | 'role' | 'passwordHash' | 'mustChangePassword'>;

/** What may leave the server about a staff member. */
export type PublicStaffUser = Omit<StaffMember, 'passwordHash'>;

/** The signed-in member as the login and validate-token answers give it: with what they may do. */
export type SessionStaffUser = PublicStaffUser & { permissions: StaffPermission[] };

export function toSessionStaffUser(member: StaffMember): SessionStaffUser {
  return { ...toPublicStaffUser(member), permissions: permissionsOf(member.role) };
}

/** Copies field by field so a secret added to StaffMember later is not published by default. */
export function toPublicStaffUser(member: StaffMember): PublicStaffUser {
  return {
    id: member.id,
    username: member.username,
    email: member.email,
    role: member.role,
    isActive: member.isActive,
    lastLogin: member.lastLogin,
    clockedIn: member.clockedIn,
    clockInTime: member.clockInTime,
    clockOutTime: member.clockOutTime,
    totalHoursWorked: member.totalHoursWorked,
    createdAt: member.createdAt,
    mustChangePassword: member.mustChangePassword,
    suspendedUntil: member.suspendedUntil,
  };
}

/** Trimmed and lower-cased: the one form used to look members up and to count failed logins. */
export function normalizeStaffEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface StaffRepository {
  findById(id: number): Promise<StaffMember | null>;
  /** Matches case-insensitively; callers pass the address through normalizeStaffEmail. */
  findByEmail(email: string): Promise<StaffMember | null>;
  /** Matches case-insensitively, so "Alice" and "alice" cannot both exist. */
  findByUsername(username: string): Promise<StaffMember | null>;
  list(): Promise<StaffMember[]>;
  count(): Promise<number>;
  /** Throws Conflict when the username or email is taken (also when a concurrent insert won the race). */
  create(member: NewStaffMember): Promise<StaffMember>;
  /** Replaces the stored member with this id. */
  save(member: StaffMember): Promise<void>;
  /**
   * Writes a clock change only while the stored clock state is still `expectedClockedIn`, and says whether it
   * did: of two clock-outs racing, one credits the shift and the other finds it already ended.
   */
  saveClockChange(member: StaffMember, expectedClockedIn: boolean): Promise<boolean>;
  delete(id: number): Promise<void>;
}

/** Login sessions, keyed by the token's hash so a leaked table does not hand out working tokens. */
export interface StaffSessions {
  create(staffId: number, tokenHash: string, expiresAt: Date): Promise<void>;
  /**
   * The member owning an unexpired session with this hash (expiresAt after now), else null. Read with the session
   * in one step: every staff call asks.
   */
  findMember(tokenHash: string, now: Date): Promise<StaffMember | null>;
  revoke(tokenHash: string): Promise<void>;
  /** Every session of the member, except the one with `keepTokenHash` when given. */
  revokeAllFor(staffId: number, keepTokenHash?: string): Promise<void>;
}

/** Slow salted hashing (argon2id or scrypt) lives in the adapter; core never hashes passwords itself. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

/** Session tokens: unguessable when generated, and hashed (a fast digest suffices for random tokens). */
export interface TokenGenerator {
  generate(): string;
  hash(token: string): string;
}

/** Temporary passwords handed to a person (reset): random, but short enough to type. */
export interface TemporaryPasswords {
  generate(): string;
}
