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
  /** Two-factor authentication is on: a right password alone signs nobody in. The secret stays in StaffMfa. */
  mfaEnabled: boolean;
  /** Device cookies name the generation they were issued under; bumping it (revokeDevices) disowns them all. */
  deviceGeneration: number;
}

/** The fields a new account starts with; the repository assigns id and createdAt. */
export type NewStaffMember = Pick<StaffMember, 'username' | 'email' | 'role' | 'passwordHash' | 'mustChangePassword'>;

/** What may leave the server about a staff member. */
export type PublicStaffUser = Omit<StaffMember, 'passwordHash' | 'deviceGeneration'>;

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
    mfaEnabled: member.mfaEnabled,
  };
}

/** Which roles may not work without two-factor authentication (STAFF_MFA_REQUIRED_ROLES). */
export interface MfaPolicy {
  requiredRoles: readonly StaffRole[];
}

/** A member whose role requires two-factor authentication and who has not turned it on yet. */
export function mustEnrollMfa(member: Pick<StaffMember, 'role' | 'mfaEnabled'>, policy: MfaPolicy): boolean {
  return !member.mfaEnabled && policy.requiredRoles.includes(member.role);
}

/**
 * The signed-in member as their own session sees it (login, validate-token): the public fields, what the server will
 * let them do, and what they must do before working.
 */
export type SignedInStaffUser = PublicStaffUser & { mustEnrollMfa: boolean; permissions: StaffPermission[] };

export function toSignedInStaffUser(member: StaffMember, policy: MfaPolicy): SignedInStaffUser {
  return {
    ...toPublicStaffUser(member),
    mustEnrollMfa: mustEnrollMfa(member, policy),
    permissions: permissionsOf(member.role),
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
  /** Bumps deviceGeneration in one statement, so a concurrent save of an older copy cannot undo it. */
  revokeDevices(id: number): Promise<void>;
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

/**
 * Two-factor secrets and their single-use state. The adapter keeps secrets encrypted at rest; core sees them
 * only to check a code. Every "claim" is one atomic step, so of two requests racing with one code only one wins.
 */
export interface StaffMfa {
  /** Keeps a freshly set-up secret until a code confirms it (a new setup replaces it). */
  savePending(staffId: number, secret: string): Promise<void>;
  pendingSecret(staffId: number): Promise<string | null>;
  /** The confirmed secret; null while two-factor authentication is off. */
  secret(staffId: number): Promise<string | null>;
  /** Makes the pending secret the member's, stores the recovery codes' hashes, and sets mfaEnabled. */
  enable(staffId: number, secret: string, recoveryCodeHashes: readonly string[], usedStep: number): Promise<void>;
  /** Forgets the secrets and recovery codes and clears mfaEnabled. */
  disable(staffId: number): Promise<void>;
  /** Records a TOTP time step as used; false when it (or a later one) was used already: a replay. */
  claimStep(staffId: number, step: number): Promise<boolean>;
  /** Spends a recovery code by its hash; false when the member has no such unspent code. */
  claimRecoveryCode(staffId: number, codeHash: string): Promise<boolean>;
}

/** RFC 6238 codes and their enrolment URL; the library lives in the adapter. */
export interface TotpCodes {
  generateSecret(): string;
  /** otpauth:// URL an authenticator app reads from the QR code. */
  otpauthUrl(accountName: string, secret: string): string;
  /** The time step the code belongs to, if it is right for now (give or take one step), else null. */
  verify(secret: string, code: string, now: Date): Promise<number | null>;
}

export interface QrCodes {
  svg(text: string): Promise<string>;
}

/** Random single-use recovery codes, shown once and stored hashed. */
export interface RecoveryCodes {
  generate(): string;
  /** Keyed with a server secret, so a leaked table cannot be checked against guesses without that secret too. */
  hash(normalizedCode: string): string;
}

/**
 * Short-lived tickets between a right password and the code step (mfaToken). Stored by hash; `take` removes the
 * ticket, so it signs in at most once.
 */
export interface StaffMfaChallenges {
  create(staffId: number, tokenHash: string, expiresAt: Date): Promise<void>;
  /** The member of an unexpired ticket, without spending it. */
  find(tokenHash: string, now: Date): Promise<number | null>;
  /**
   * Counts one code tried with the unexpired ticket, in one atomic step, and answers how many have been tried with
   * it so far (this one included); null when there is no such ticket.
   */
  countAttempt(tokenHash: string, now: Date): Promise<number | null>;
  /** Spends the ticket; false when it was already spent (a concurrent sign-in won). */
  take(tokenHash: string): Promise<boolean>;
}

/** What an authentic device cookie says: the browser, and the account and device generation it signed in to. */
export interface DeviceCookieClaims {
  deviceId: string;
  staffId: number;
  deviceGeneration: number;
}

/**
 * OWASP's device cookie: a signed note that a member signed in successfully in this browser. Sign-in attempts that
 * carry one for the email are counted apart, so a guesser elsewhere cannot lock the owner out.
 */
export interface TrustedDevices {
  issue(member: Pick<StaffMember, 'id' | 'email' | 'deviceGeneration'>): string;
  /**
   * The cookie's claims when it is authentic, unexpired and names this (normalised) email; else null. Whether the
   * account still honours them is core's question (SignInAttempts).
   */
  recognise(cookie: string, email: string): DeviceCookieClaims | null;
}
