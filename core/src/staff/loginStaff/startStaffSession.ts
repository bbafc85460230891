import type { Clock } from '../../shared/clock.ts';
import {
  toSignedInStaffUser,
  type MfaPolicy,
  type SignedInStaffUser,
  type StaffMember,
  type StaffRepository,
  type StaffSessions,
  type TokenGenerator,
  type TrustedDevices,
} from '../ports.ts';

/** Not a hash any hasher produces, so no password verifies against it. */
export const SPENT_PASSWORD = '!spent';

export interface StaffSignedIn {
  /** The only time the plain token exists outside the client; the server keeps its hash. */
  token: string;
  user: SignedInStaffUser;
  /** Set as the device cookie, so this browser's later attempts are trusted (see SignInAttempts). */
  deviceCookie: string;
}

/** A suspension whose end date has passed no longer keeps the member out. */
export function liftEndedSuspension(member: StaffMember, now: Date): StaffMember {
  if (member.isActive || member.suspendedUntil === null || member.suspendedUntil > now) return member;
  return { ...member, isActive: true, suspendedUntil: null };
}

/** The last step of every sign-in (password alone, or password then code): the session and the device cookie. */
export class StartStaffSession {
  readonly #staff: StaffRepository;
  readonly #sessions: StaffSessions;
  readonly #tokens: TokenGenerator;
  readonly #devices: TrustedDevices;
  readonly #clock: Clock;
  readonly #settings: { tokenLifetimeMs: number; mfa: MfaPolicy };

  constructor(
    staff: StaffRepository,
    sessions: StaffSessions,
    tokens: TokenGenerator,
    devices: TrustedDevices,
    clock: Clock,
    settings: { tokenLifetimeMs: number; mfa: MfaPolicy },
  ) {
    this.#staff = staff;
    this.#sessions = sessions;
    this.#tokens = tokens;
    this.#devices = devices;
    this.#clock = clock;
    this.#settings = settings;
  }

  /** `member` has passed every check, with any ended suspension already lifted. */
  async start(member: StaffMember): Promise<StaffSignedIn> {
    const now = this.#clock.now();
    const loggedIn: StaffMember = {
      ...member,
      lastLogin: now,
      // An issued password (creation, reset) is good for this one sign-in, which must then set a new one.
      passwordHash: member.mustChangePassword ? SPENT_PASSWORD : member.passwordHash,
    };
    await this.#staff.save(loggedIn);
    const token = this.#tokens.generate();
    const expiresAt = new Date(now.getTime() + this.#settings.tokenLifetimeMs);
    await this.#sessions.create(member.id, this.#tokens.hash(token), expiresAt);
    return {
      token,
      user: toSignedInStaffUser(loggedIn, this.#settings.mfa),
      deviceCookie: this.#devices.issue(member),
    };
  }
}
