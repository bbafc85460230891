import { TooManyAttempts } from '../../shared/errors.ts';
import {
  enforceRateLimit,
  retryAfterSeconds,
  type RateLimiter,
  type RefundableRateLimiter,
} from '../../shared/rateLimiter.ts';
import { normalizeStaffEmail, type StaffRepository, type TrustedDevices } from '../ports.ts';

/**
 * Sign-in attempts (passwords and codes alike) are counted before anything is checked, so concurrent guesses
 * cannot all be evaluated. An attempt carrying the member's device cookie is trusted: it is counted on its own
 * key only, so a guesser elsewhere can neither spend nor block it (OWASP's device-cookie pattern). Untrusted
 * attempts meet every other limit.
 */
export interface LoginThrottles {
  /** One email from one address, or one trusted device: configured with a lockout. */
  account: RateLimiter;
  /** Untrusted failures for one email across every address (STAFF_LOGIN_ACCOUNT_MAX_FAILURES_PER_HOUR). */
  accountCap: RefundableRateLimiter;
  /**
   * Untrusted wrong second-factor codes for one email across every address
   * (STAFF_MFA_ACCOUNT_MAX_WRONG_CODES_PER_HOUR), kept below accountCap: a code has far fewer values than a password.
   */
  wrongCodes: RefundableRateLimiter;
  /** Untrusted attempts from one address (an IPv6 /64 counts as one), across emails. */
  perAddress: RateLimiter;
  /** Untrusted failures of everyone together. */
  global: RefundableRateLimiter;
}

/** Where an attempt comes from: the address key (see clientAddressKey in the HTTP adapter) and its device cookie. */
export interface SignInSource {
  clientAddress: string;
  deviceCookie?: string | undefined;
}

/** What the attempt guesses: the password, or the code after a right password. */
export type SignInStep = 'password' | 'code';

/** Key of the account limit, shared with password changes, whose wrong current passwords count too. */
export function loginAccountKey(email: string, clientAddress: string): string {
  return `${normalizeStaffEmail(email)}|${clientAddress}`;
}

/** A trusted device's key in the account limit; `|` never occurs in an email's key prefix this way. */
export function trustedDeviceKey(deviceId: string): string {
  return `device|${deviceId}`;
}

const GLOBAL_KEY = 'all';

/** Counts one attempt on the account limit, or refuses it while the key is locked. */
export async function enforceAccountLimit(limiter: RateLimiter, key: string): Promise<void> {
  const decision = await limiter.consume(key);
  if (!decision.allowed) {
    const seconds = retryAfterSeconds(decision);
    throw new TooManyAttempts(
      'STAFF.TOO_MANY_ATTEMPTS',
      `Too many attempts. Try again in ${Math.ceil(seconds / 60)} minutes.`,
      seconds,
    );
  }
}

/** One counted attempt. Left alone it stays a failure; the right credentials give back what counts failures only. */
export class SignInAttempt {
  readonly #throttles: LoginThrottles;
  readonly #accountKey: string;
  readonly #reserved: ReadonlyArray<readonly [RefundableRateLimiter, string]>;

  constructor(
    throttles: LoginThrottles,
    accountKey: string,
    reserved: ReadonlyArray<readonly [RefundableRateLimiter, string]>,
  ) {
    this.#throttles = throttles;
    this.#accountKey = accountKey;
    this.#reserved = reserved;
  }

  /** The credentials were right: not a failure. The account's streak ends only when the sign-in completes. */
  async accepted(): Promise<void> {
    await Promise.all(this.#reserved.map(([limiter, key]) => limiter.refund(key)));
  }

  /** The member is signed in (or was refused for a reason a guesser never reaches): the failure streak ends. */
  async completed(): Promise<void> {
    await this.accepted();
    await this.#throttles.account.reset(this.#accountKey);
  }
}

export class SignInAttempts {
  readonly #throttles: LoginThrottles;
  readonly #devices: TrustedDevices;
  readonly #staff: Pick<StaffRepository, 'findByEmail'>;

  constructor(throttles: LoginThrottles, devices: TrustedDevices, staff: Pick<StaffRepository, 'findByEmail'>) {
    this.#throttles = throttles;
    this.#devices = devices;
    this.#staff = staff;
  }

  /**
   * The device id of a cookie the account still honours. Ids are never reused, so a cookie dies with its account
   * (a new account under the same email is not trusted); a reset of the password or of two-factor authentication
   * bumps the generation and so disowns every cookie issued before.
   */
  async #trustedDevice(cookie: string | undefined, email: string): Promise<string | null> {
    const claims = cookie === undefined ? null : this.#devices.recognise(cookie, email);
    if (claims === null) return null;
    const member = await this.#staff.findByEmail(email);
    const honoured = member?.id === claims.staffId && member.deviceGeneration === claims.deviceGeneration;
    return honoured ? claims.deviceId : null;
  }

  /** Counts an attempt for the email, or throws TooManyAttempts without checking anything. */
  async begin(email: string, source: SignInSource, step: SignInStep = 'password'): Promise<SignInAttempt> {
    const normalized = normalizeStaffEmail(email);
    const device = await this.#trustedDevice(source.deviceCookie, normalized);
    if (device !== null) {
      const key = trustedDeviceKey(device);
      await enforceAccountLimit(this.#throttles.account, key);
      return new SignInAttempt(this.#throttles, key, []);
    }

    await enforceRateLimit(
      this.#throttles.perAddress,
      source.clientAddress,
      'STAFF.TOO_MANY_ATTEMPTS',
      'Too many sign-in attempts from your address. Please wait a minute.',
    );
    const reserved: Array<readonly [RefundableRateLimiter, string]> = [];
    const reserve = async (limiter: RefundableRateLimiter, key: string, message: (minutes: number) => string) => {
      const decision = await limiter.consume(key);
      if (!decision.allowed) {
        const seconds = retryAfterSeconds(decision);
        throw new TooManyAttempts('STAFF.TOO_MANY_ATTEMPTS', message(Math.ceil(seconds / 60)), seconds);
      }
      reserved.push([limiter, key]);
    };
    const accountKey = loginAccountKey(normalized, source.clientAddress);
    try {
      await reserve(
        this.#throttles.global,
        GLOBAL_KEY,
        () => 'Too many sign-in attempts right now. Please wait a minute.',
      );
      await reserve(
        this.#throttles.accountCap,
        normalized,
        (minutes) => `Too many failed sign-ins for this account. Try again in ${minutes} minutes.`,
      );
      if (step === 'code') {
        await reserve(
          this.#throttles.wrongCodes,
          normalized,
          (minutes) => `Too many wrong codes for this account. Try again in ${minutes} minutes.`,
        );
      }
      await enforceAccountLimit(this.#throttles.account, accountKey);
    } catch (refused) {
      // A refused attempt was never evaluated, so it is no failure for the limits that count failures only.
      await Promise.all(reserved.map(([limiter, key]) => limiter.refund(key)));
      throw refused;
    }
    return new SignInAttempt(this.#throttles, accountKey, reserved);
  }
}
