import type { Clock } from '../../shared/clock.ts';
import { Forbidden, Unauthenticated } from '../../shared/errors.ts';
import type { SignInAttempts, SignInSource } from '../loginStaff/signInAttempts.ts';
import { liftEndedSuspension, type StaffSignedIn, type StartStaffSession } from '../loginStaff/startStaffSession.ts';
import type { MfaCodeCheck } from '../mfaCodes.ts';
import type { StaffMfaChallenges, StaffRepository, TokenGenerator } from '../ports.ts';
import type { StaffSecurityNotices } from '../securityNotices.ts';

export interface StaffMfaLoginRequest {
  mfaToken: string;
  code: string;
}

export interface StaffMfaLoginSettings {
  /** Codes one mfaToken may try (STAFF_MFA_CODE_ATTEMPTS); the last wrong one spends it. */
  codeAttempts: number;
}

const EXPIRED = 'This sign-in has expired. Please sign in again.';
const WRONG_CODE = 'Invalid authentication code';

/** POST /api/staff/login/mfa: the code step after a right password, with a TOTP code or a recovery code. */
export class CompleteStaffMfaLogin {
  readonly #staff: StaffRepository;
  readonly #challenges: StaffMfaChallenges;
  readonly #tokens: TokenGenerator;
  readonly #attempts: SignInAttempts;
  readonly #codes: MfaCodeCheck;
  readonly #session: StartStaffSession;
  readonly #notices: StaffSecurityNotices;
  readonly #clock: Clock;
  readonly #settings: Readonly<StaffMfaLoginSettings>;

  constructor(
    deps: {
      staff: StaffRepository;
      challenges: StaffMfaChallenges;
      tokens: TokenGenerator;
      attempts: SignInAttempts;
      codes: MfaCodeCheck;
      session: StartStaffSession;
      notices: StaffSecurityNotices;
      clock: Clock;
    },
    settings: Readonly<StaffMfaLoginSettings>,
  ) {
    this.#staff = deps.staff;
    this.#challenges = deps.challenges;
    this.#tokens = deps.tokens;
    this.#attempts = deps.attempts;
    this.#codes = deps.codes;
    this.#session = deps.session;
    this.#notices = deps.notices;
    this.#clock = deps.clock;
    this.#settings = settings;
  }

  async execute(request: StaffMfaLoginRequest, source: SignInSource): Promise<StaffSignedIn> {
    const tokenHash = this.#tokens.hash(request.mfaToken);
    const staffId = await this.#challenges.find(tokenHash, this.#clock.now());
    const member = staffId === null ? null : await this.#staff.findById(staffId);
    if (member === null) throw new Unauthenticated('STAFF.MFA_CHALLENGE_EXPIRED', EXPIRED);

    // Wrong codes are failed sign-ins of the account, counted like wrong passwords and under a lower cap of their own.
    const attempt = await this.#attempts.begin(member.email, source, 'code');
    // Counted on the ticket before the check too, so concurrent guesses cannot exceed its attempts; once they are
    // used up the ticket is spent, and the member must give the password again.
    const tried = await this.#challenges.countAttempt(tokenHash, this.#clock.now());
    if (tried === null || tried > this.#settings.codeAttempts)
      throw new Unauthenticated('STAFF.MFA_CHALLENGE_EXPIRED', EXPIRED);
    if (!(await this.#codes.isRight(member.id, request.code))) {
      // A right code spends the ticket, so the first attempt is the first wrong code: one mail per ticket.
      if (tried === 1) await this.#notices.wrongCodeAfterPassword(member);
      throw new Unauthenticated('STAFF.MFA_WRONG_CODE', WRONG_CODE);
    }
    if (!(await this.#challenges.take(tokenHash))) throw new Unauthenticated('STAFF.MFA_CHALLENGE_EXPIRED', EXPIRED);
    await attempt.completed();

    // Checked again: the member may have been suspended or reset between the two steps.
    const current = liftEndedSuspension(member, this.#clock.now());
    if (!current.isActive) throw new Forbidden('STAFF.ACCOUNT_INACTIVE', 'This staff account is inactive');
    return this.#session.start(current);
  }
}
