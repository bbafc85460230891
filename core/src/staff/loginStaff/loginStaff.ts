import type { Clock } from '../../shared/clock.ts';
import { Forbidden, Unauthenticated } from '../../shared/errors.ts';
import {
  normalizeStaffEmail,
  type PasswordHasher,
  type StaffMfaChallenges,
  type StaffRepository,
  type TokenGenerator,
} from '../ports.ts';
import type { SignInAttempts, SignInSource } from './signInAttempts.ts';
import {
  liftEndedSuspension,
  SPENT_PASSWORD,
  type StaffSignedIn,
  type StartStaffSession,
} from './startStaffSession.ts';

export interface StaffAuthSettings {
  /** Attempts for one email from one address (or one trusted device) within the window; the next one locks. */
  maxFailedAttempts: number;
  failureWindowMs: number;
  /** How long a lockout lasts, counted from the first attempt refused. */
  lockoutMs: number;
  tokenLifetimeMs: number;
  /** How long the mfaToken between the password and the code step stays good. */
  mfaTokenLifetimeMs: number;
}

export const DEFAULT_STAFF_AUTH_SETTINGS: Readonly<StaffAuthSettings> = Object.freeze({
  maxFailedAttempts: 10,
  failureWindowMs: 15 * 60_000,
  lockoutMs: 15 * 60_000,
  tokenLifetimeMs: 8 * 60 * 60_000,
  mfaTokenLifetimeMs: 5 * 60_000,
});

export interface StaffLoginRequest {
  email: string;
  password: string;
}

/** A right password either signs the member in or, with two-factor authentication on, asks for a code. */
export type StaffLoginOutcome = ({ mfaRequired: false } & StaffSignedIn) | { mfaRequired: true; mfaToken: string };

const INVALID_CREDENTIALS = 'Invalid email or password';

/** POST /api/staff/login. */
export class LoginStaff {
  readonly #staff: StaffRepository;
  readonly #hasher: PasswordHasher;
  readonly #tokens: TokenGenerator;
  readonly #attempts: SignInAttempts;
  readonly #challenges: StaffMfaChallenges;
  readonly #session: StartStaffSession;
  readonly #clock: Clock;
  readonly #settings: Readonly<StaffAuthSettings>;

  constructor(
    deps: {
      staff: StaffRepository;
      hasher: PasswordHasher;
      tokens: TokenGenerator;
      attempts: SignInAttempts;
      challenges: StaffMfaChallenges;
      session: StartStaffSession;
      clock: Clock;
    },
    settings: Readonly<StaffAuthSettings> = DEFAULT_STAFF_AUTH_SETTINGS,
  ) {
    this.#staff = deps.staff;
    this.#hasher = deps.hasher;
    this.#tokens = deps.tokens;
    this.#attempts = deps.attempts;
    this.#challenges = deps.challenges;
    this.#session = deps.session;
    this.#clock = deps.clock;
    this.#settings = settings;
  }

  async execute(request: StaffLoginRequest, source: SignInSource): Promise<StaffLoginOutcome> {
    const email = normalizeStaffEmail(request.email);
    // Counted before the account is even looked up, so a locked email reveals nothing and costs no hashing.
    const attempt = await this.#attempts.begin(email, source);

    const member = await this.#staff.findByEmail(email);
    // An unknown email still costs one verification, so response time does not tell which emails exist.
    const verified = await this.#hasher.verify(member?.passwordHash ?? SPENT_PASSWORD, request.password);
    if (member === null || !verified) throw new Unauthenticated('STAFF.INVALID_CREDENTIALS', INVALID_CREDENTIALS);

    const now = this.#clock.now();
    const current = liftEndedSuspension(member, now);
    if (!current.isActive) {
      // The credentials were right, so the attempt is not held against the account: a lockout would only hide
      // the real reason. Only reachable with the right password, so saying "inactive" leaks nothing to a guesser.
      await attempt.completed();
      throw new Forbidden('STAFF.ACCOUNT_INACTIVE', 'This staff account is inactive');
    }

    if (current.mfaEnabled) {
      // Not a failure, but the account's streak goes on until a right code: a known password buys no fresh tries.
      await attempt.accepted();
      const mfaToken = this.#tokens.generate();
      const expiresAt = new Date(now.getTime() + this.#settings.mfaTokenLifetimeMs);
      await this.#challenges.create(member.id, this.#tokens.hash(mfaToken), expiresAt);
      return { mfaRequired: true, mfaToken };
    }

    await attempt.completed();
    return { mfaRequired: false, ...(await this.#session.start(current)) };
  }
}
