import { Invalid, TooManyAttempts } from '../../shared/errors.ts';
import { retryAfterSeconds, type RateLimiter } from '../../shared/rateLimiter.ts';
import { loginAccountKey } from '../loginStaff/loginStaff.ts';
import {
  toPublicStaffUser,
  type PasswordHasher,
  type PublicStaffUser,
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

  /** `loginAttempts` is the login's account limit: a stolen session must not become a password oracle. */
  constructor(
    staff: StaffRepository,
    hasher: PasswordHasher,
    sessions: StaffSessions,
    tokens: TokenGenerator,
    loginAttempts: RateLimiter,
  ) {
    this.#staff = staff;
    this.#hasher = hasher;
    this.#sessions = sessions;
    this.#tokens = tokens;
    this.#loginAttempts = loginAttempts;
  }

  async execute(
    member: StaffMember,
    request: ChangeStaffPasswordRequest,
    caller: PasswordChangeCaller,
  ): Promise<PublicStaffUser> {
    if (COMMON.has(request.newPassword.toLowerCase())) {
      throw new Invalid('This password is too common; choose another', [
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
    return toPublicStaffUser(updated);
  }

  async #verifyCurrent(member: StaffMember, currentPassword: string, clientAddress: string): Promise<void> {
    const key = loginAccountKey(member.email, clientAddress);
    const decision = await this.#loginAttempts.consume(key);
    if (!decision.allowed) {
      const seconds = retryAfterSeconds(decision);
      throw new TooManyAttempts(`Too many attempts. Try again in ${Math.ceil(seconds / 60)} minutes.`, seconds);
    }
    if (!(await this.#hasher.verify(member.passwordHash, currentPassword))) {
      throw new Invalid('Current password is incorrect', [
        { path: ['currentPassword'], message: 'Current password is incorrect' },
      ]);
    }
    await this.#loginAttempts.reset(key);
  }
}
