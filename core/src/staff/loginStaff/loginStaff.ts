import type { Clock } from '../../shared/clock.ts';
import { Forbidden, TooManyAttempts, Unauthenticated } from '../../shared/errors.ts';
import { enforceRateLimit, retryAfterSeconds, type RateLimiter } from '../../shared/rateLimiter.ts';
import {
  normalizeStaffEmail,
  toSessionStaffUser,
  type PasswordHasher,
  type PublicStaffUser,
  type StaffMember,
  type StaffRepository,
  type StaffSessions,
  type TokenGenerator,
} from '../ports.ts';

export interface StaffAuthSettings {
  /** Attempts for one email from one address within the window; the next one starts a lockout. */
  maxFailedAttempts: number;
  failureWindowMs: number;
  /** How long a lockout lasts, counted from the first attempt refused. */
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

/**
 * Login attempts are counted before the password is checked, so concurrent guesses cannot all be evaluated.
 * The account limit counts one email from one address (configured with a lockout), so a guesser elsewhere
 * cannot lock the owner out; the address and global limits bound guessing across many emails.
 */
export interface LoginThrottles {
  account: RateLimiter;
  perAddress: RateLimiter;
  global: RateLimiter;
}

/** Key of the account limit, shared with password changes, whose wrong current passwords count too. */
export function loginAccountKey(email: string, clientAddress: string): string {
  return `${normalizeStaffEmail(email)}|${clientAddress}`;
}

const GLOBAL_KEY = 'all';

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
  readonly #throttles: LoginThrottles;
  readonly #clock: Clock;
  readonly #settings: Readonly<StaffAuthSettings>;

  constructor(
    staff: StaffRepository,
    sessions: StaffSessions,
    hasher: PasswordHasher,
    tokens: TokenGenerator,
    throttles: LoginThrottles,
    clock: Clock,
    settings: Readonly<StaffAuthSettings> = DEFAULT_STAFF_AUTH_SETTINGS,
  ) {
    this.#staff = staff;
    this.#sessions = sessions;
    this.#hasher = hasher;
    this.#tokens = tokens;
    this.#throttles = throttles;
    this.#clock = clock;
    this.#settings = settings;
  }

  async execute(request: StaffLoginRequest, clientAddress: string): Promise<StaffLoginResult> {
    const email = normalizeStaffEmail(request.email);
    const now = this.#clock.now();

    await enforceRateLimit(
      this.#throttles.perAddress,
      clientAddress,
      'Too many sign-in attempts from your address. Please wait a minute.',
    );
    await enforceRateLimit(
      this.#throttles.global,
      GLOBAL_KEY,
      'Too many sign-in attempts right now. Please wait a minute.',
    );
    // Counted before the account is even looked up, so a locked email reveals nothing and costs no hashing.
    const accountKey = loginAccountKey(email, clientAddress);
    const decision = await this.#throttles.account.consume(accountKey);
    if (!decision.allowed) {
      const seconds = retryAfterSeconds(decision);
      throw new TooManyAttempts(`Too many attempts. Try again in ${Math.ceil(seconds / 60)} minutes.`, seconds);
    }

    const member = await this.#staff.findByEmail(email);
    // An unknown email still costs one verification, so response time does not tell which emails exist.
    const verified = await this.#hasher.verify(member?.passwordHash ?? SPENT_PASSWORD, request.password);
    if (member === null || !verified) throw new Unauthenticated(INVALID_CREDENTIALS);

    // The credentials were right, so the attempt is not held against the account, even if it is inactive:
    // a lockout would only hide the real reason.
    await this.#throttles.account.reset(accountKey);
    // Only reachable with the right password, so saying "inactive" leaks nothing to a guesser.
    const current = liftEndedSuspension(member, now);
    if (!current.isActive) throw new Forbidden('This staff account is inactive');

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
    return { token, user: toSessionStaffUser(loggedIn) };
  }
}
