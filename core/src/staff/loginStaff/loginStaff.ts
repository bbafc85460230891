import type { Clock } from '../../shared/clock.ts';
import { Forbidden, TooManyAttempts, Unauthenticated } from '../../shared/errors.ts';
import {
  normalizeStaffEmail,
  toPublicStaffUser,
  type LoginAttempts,
  type PasswordHasher,
  type PublicStaffUser,
  type StaffMember,
  type StaffRepository,
  type StaffSessions,
  type TokenGenerator,
} from '../ports.ts';

export interface StaffAuthSettings {
  /** Failed logins for one email within the window that trigger a lockout. */
  maxFailedAttempts: number;
  failureWindowMs: number;
  /** How long a lockout lasts, counted from the failure that triggered it. */
  lockoutMs: number;
  tokenLifetimeMs: number;
}

export const DEFAULT_STAFF_AUTH_SETTINGS: Readonly<StaffAuthSettings> = Object.freeze({
  maxFailedAttempts: 10,
  failureWindowMs: 15 * 60_000,
  lockoutMs: 15 * 60_000,
  tokenLifetimeMs: 8 * 60 * 60_000,
});

export interface StaffLoginRequest {
  email: string;
  password: string;
}

export interface StaffLoginResult {
  /** The only time the plain token exists outside the client; the server keeps its hash. */
  token: string;
  user: PublicStaffUser;
}

const INVALID_CREDENTIALS = 'Invalid email or password';

/** Not a hash any hasher produces, so no password verifies against it. */
const SPENT_PASSWORD = '!spent';

/** A suspension whose end date has passed no longer keeps the member out. */
function liftEndedSuspension(member: StaffMember, now: Date): StaffMember {
  if (member.isActive || member.suspendedUntil === null || member.suspendedUntil > now) return member;
  return { ...member, isActive: true, suspendedUntil: null };
}

/** POST /api/staff/login. */
export class LoginStaff {
  readonly #staff: StaffRepository;
  readonly #sessions: StaffSessions;
  readonly #hasher: PasswordHasher;
  readonly #tokens: TokenGenerator;
  readonly #attempts: LoginAttempts;
  readonly #clock: Clock;
  readonly #settings: Readonly<StaffAuthSettings>;

  constructor(
    staff: StaffRepository,
    sessions: StaffSessions,
    hasher: PasswordHasher,
    tokens: TokenGenerator,
    attempts: LoginAttempts,
    clock: Clock,
    settings: Readonly<StaffAuthSettings> = DEFAULT_STAFF_AUTH_SETTINGS,
  ) {
    this.#staff = staff;
    this.#sessions = sessions;
    this.#hasher = hasher;
    this.#tokens = tokens;
    this.#attempts = attempts;
    this.#clock = clock;
    this.#settings = settings;
  }

  async execute(request: StaffLoginRequest): Promise<StaffLoginResult> {
    const email = normalizeStaffEmail(request.email);
    const now = this.#clock.now();

    // Checked before the account is even looked up, so a locked email reveals nothing and costs no hashing.
    const secondsLeft = await this.#lockoutSecondsLeft(email, now);
    if (secondsLeft > 0) {
      throw new TooManyAttempts('Too many attempts. Try again in 15 minutes.', secondsLeft);
    }

    const member = await this.#staff.findByEmail(email);
    // An unknown email still costs one verification, so response time does not tell which emails exist.
    const verified = await this.#hasher.verify(member?.passwordHash ?? SPENT_PASSWORD, request.password);
    if (member === null || !verified) {
      await this.#attempts.recordFailure(email, now);
      throw new Unauthenticated(INVALID_CREDENTIALS);
    }

    // Only reachable with the right password, so saying "inactive" leaks nothing to a guesser. It is not
    // counted as a failure: the credentials were right, and a lockout would only hide the real reason.
    const current = liftEndedSuspension(member, now);
    if (!current.isActive) throw new Forbidden('This staff account is inactive');

    await this.#attempts.clear(email);
    const loggedIn: StaffMember = {
      ...current,
      lastLogin: now,
      // An issued password (creation, reset) is good for this one login, which must then set a new one.
      passwordHash: current.mustChangePassword ? SPENT_PASSWORD : current.passwordHash,
    };
    await this.#staff.save(loggedIn);

    const token = this.#tokens.generate();
    const expiresAt = new Date(now.getTime() + this.#settings.tokenLifetimeMs);
    await this.#sessions.create(member.id, this.#tokens.hash(token), expiresAt);
    return { token, user: toPublicStaffUser(loggedIn) };
  }

  /**
   * A lockout starts at the failure that brought the count within the window to the maximum. Attempts
   * during a lockout are refused before the password is checked and not recorded, so that failure is the
   * latest one and the lockout is not extended by whoever keeps hammering.
   */
  async #lockoutSecondsLeft(email: string, now: Date): Promise<number> {
    const last = await this.#attempts.lastFailureAt(email);
    if (last === null) return 0;
    const endsAt = last.getTime() + this.#settings.lockoutMs;
    if (endsAt <= now.getTime()) return 0;
    const windowStart = new Date(last.getTime() - this.#settings.failureWindowMs);
    const failures = await this.#attempts.countFailuresSince(email, windowStart);
    if (failures < this.#settings.maxFailedAttempts) return 0;
    return Math.ceil((endsAt - now.getTime()) / 1000);
  }
}
