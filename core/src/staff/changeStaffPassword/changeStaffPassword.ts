import { Invalid } from '../../shared/errors.ts';
import type { RateLimiter } from '../../shared/rateLimiter.ts';
import { enforceAccountLimit, loginAccountKey } from '../loginStaff/signInAttempts.ts';
import {
  toSignedInStaffUser,
  type MfaPolicy,
  type PasswordHasher,
  type SignedInStaffUser,
  type StaffMember,
  type StaffRepository,
  type StaffSessions,
  type TokenGenerator,
} from '../ports.ts';
import { COMMON_PASSWORDS } from './commonPasswords.ts';

export interface ChangeStaffPasswordRequest {
  /** Not asked while a password change is pending: the issued password was already spent on this login. */
  currentPassword?: string | undefined;
  newPassword: string;
}

/** Who is asking: the session that stays signed in, and the address wrong current passwords count against. */
export interface PasswordChangeCaller {
  token: string;
  clientAddress: string;
}

const COMMON = new Set(COMMON_PASSWORDS);

/** POST /api/staff/change-password, for the member the bearer token belongs to. */
export class ChangeStaffPassword {
  readonly #staff: StaffRepository;
  readonly #hasher: PasswordHasher;
  readonly #sessions: StaffSessions;
  readonly #tokens: TokenGenerator;
  readonly #loginAttempts: RateLimiter;
  readonly #mfa: MfaPolicy;

  /** `loginAttempts` is the login's account limit: a stolen session must not become a password oracle. */
  constructor(
    staff: StaffRepository,
    hasher: PasswordHasher,
    sessions: StaffSessions,
    tokens: TokenGenerator,
    loginAttempts: RateLimiter,
    mfa: MfaPolicy,
  ) {
    this.#staff = staff;
    this.#hasher = hasher;
    this.#sessions = sessions;
    this.#tokens = tokens;
    this.#loginAttempts = loginAttempts;
    this.#mfa = mfa;
  }

  async execute(
    member: StaffMember,
    request: ChangeStaffPasswordRequest,
    caller: PasswordChangeCaller,
  ): Promise<SignedInStaffUser> {
    if (COMMON.has(request.newPassword.toLowerCase())) {
      throw new Invalid('STAFF.PASSWORD_TOO_COMMON', 'This password is too common; choose another', [
        { path: ['newPassword'], message: 'This password is too common; choose another' },
      ]);
    }
    if (!member.mustChangePassword)
      await this.#verifyCurrent(member, request.currentPassword ?? '', caller.clientAddress);
    const updated = {
      ...member,
      passwordHash: await this.#hasher.hash(request.newPassword),
      mustChangePassword: false,
    };
    await this.#staff.save(updated);
    // Whoever else held a session (perhaps the reason for the change) is signed out; this device stays in.
    await this.#sessions.revokeAllFor(member.id, this.#tokens.hash(caller.token));
    // The member learns at once whether two-factor authentication is the next step.
    return toSignedInStaffUser(updated, this.#mfa);
  }

  async #verifyCurrent(member: StaffMember, currentPassword: string, clientAddress: string): Promise<void> {
    const key = loginAccountKey(member.email, clientAddress);
    await enforceAccountLimit(this.#loginAttempts, key);
    if (!(await this.#hasher.verify(member.passwordHash, currentPassword))) {
      throw new Invalid('STAFF.WRONG_PASSWORD', 'Current password is incorrect', [
        { path: ['currentPassword'], message: 'Current password is incorrect' },
      ]);
    }
    await this.#loginAttempts.reset(key);
  }
}
