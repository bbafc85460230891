/**
 * In-memory stand-ins for the staff ports, shared by the staff use case tests. Not exported from the
 * package: adapters have their own tests against the real technology.
 */
import type { Clock } from '../../shared/clock.ts';
import { Conflict } from '../../shared/errors.ts';
import type { MailMessage, Mailer } from '../../shared/mailer.ts';
import type { Transaction } from '../../shared/transaction.ts';
import type { PageCursor } from '../../shared/paging.ts';
import type { StaffActivity, StaffActivityEntry, StaffActivityLog } from '../activityLog.ts';
import type { HrAction, HrActionRepository, NewHrAction } from '../performHrAction/hrActions.ts';
import type {
  DeviceCookieClaims,
  NewStaffMember,
  PasswordHasher,
  QrCodes,
  RecoveryCodes,
  StaffMember,
  StaffMfa,
  StaffMfaChallenges,
  StaffRepository,
  StaffSessions,
  TemporaryPasswords,
  TokenGenerator,
  TotpCodes,
  TrustedDevices,
} from '../ports.ts';

export const T0 = new Date('2026-01-01T09:00:00.000Z');

export function makeStaffMember(overrides: Partial<StaffMember> = {}): StaffMember {
  return {
    id: 1,
    username: 'alice',
    email: 'alice@groupflow.test',
    role: 'customer_support',
    isActive: true,
    lastLogin: null,
    clockedIn: false,
    clockInTime: null,
    clockOutTime: null,
    totalHoursWorked: 0,
    createdAt: new Date('2025-06-01T00:00:00.000Z'),
    passwordHash: 'hashed:correct horse',
    mustChangePassword: false,
    suspendedUntil: null,
    mfaEnabled: false,
    deviceGeneration: 0,
    ...overrides,
  };
}

/** Stores copies, so a use case that mutates a member without saving it is caught by the tests. */
export class InMemoryStaffRepository implements StaffRepository {
  readonly #members = new Map<number, StaffMember>();
  saves = 0;

  add(member: StaffMember): this {
    this.#members.set(member.id, structuredClone(member));
    return this;
  }

  stored(id: number): StaffMember | undefined {
    const member = this.#members.get(id);
    return member && structuredClone(member);
  }

  async findById(id: number): Promise<StaffMember | null> {
    return this.stored(id) ?? null;
  }

  async findByEmail(email: string): Promise<StaffMember | null> {
    const wanted = email.toLowerCase();
    for (const member of this.#members.values()) {
      if (member.email.toLowerCase() === wanted) return structuredClone(member);
    }
    return null;
  }

  async findByUsername(username: string): Promise<StaffMember | null> {
    const wanted = username.toLowerCase();
    const found = [...this.#members.values()].find((member) => member.username.toLowerCase() === wanted);
    return found ? structuredClone(found) : null;
  }

  async list(): Promise<StaffMember[]> {
    return [...this.#members.values()].map((member) => structuredClone(member));
  }

  async count(): Promise<number> {
    return this.#members.size;
  }

  async create(member: NewStaffMember): Promise<StaffMember> {
    if ((await this.findByEmail(member.email)) || (await this.findByUsername(member.username))) {
      throw new Conflict('STAFF.ACCOUNT_TAKEN', 'A staff member with this username or email already exists');
    }
    const id = Math.max(0, ...this.#members.keys()) + 1;
    const created = makeStaffMember({ ...member, id, createdAt: new Date(T0) });
    this.#members.set(id, structuredClone(created));
    return created;
  }

  async save(member: StaffMember): Promise<void> {
    this.saves += 1;
    this.#members.set(member.id, structuredClone(member));
  }

  async saveClockChange(member: StaffMember, expectedClockedIn: boolean): Promise<boolean> {
    if (this.#members.get(member.id)?.clockedIn !== expectedClockedIn) return false;
    await this.save(member);
    return true;
  }

  async delete(id: number): Promise<void> {
    this.#members.delete(id);
  }

  async revokeDevices(id: number): Promise<void> {
    const member = this.#members.get(id);
    if (member) member.deviceGeneration += 1;
  }
}

export interface StoredSession {
  staffId: number;
  tokenHash: string;
  expiresAt: Date;
}

export class InMemoryStaffSessions implements StaffSessions {
  readonly sessions: StoredSession[] = [];
  readonly #staff: Pick<StaffRepository, 'findById'>;

  constructor(staff: Pick<StaffRepository, 'findById'>) {
    this.#staff = staff;
  }

  async create(staffId: number, tokenHash: string, expiresAt: Date): Promise<void> {
    this.sessions.push({ staffId, tokenHash, expiresAt });
  }

  async findMember(tokenHash: string, now: Date): Promise<StaffMember | null> {
    const session = this.sessions.find((s) => s.tokenHash === tokenHash && s.expiresAt.getTime() > now.getTime());
    return session === undefined ? null : this.#staff.findById(session.staffId);
  }

  async revoke(tokenHash: string): Promise<void> {
    const index = this.sessions.findIndex((s) => s.tokenHash === tokenHash);
    if (index >= 0) this.sessions.splice(index, 1);
  }

  async revokeAllFor(staffId: number, keepTokenHash?: string): Promise<void> {
    for (let i = this.sessions.length - 1; i >= 0; i -= 1) {
      const session = this.sessions[i];
      if (session?.staffId === staffId && session.tokenHash !== keepTokenHash) this.sessions.splice(i, 1);
    }
  }
}

export class FakePasswordHasher implements PasswordHasher {
  verifications = 0;

  async hash(password: string): Promise<string> {
    return `hashed:${password}`;
  }

  async verify(hash: string, password: string): Promise<boolean> {
    this.verifications += 1;
    return hash === `hashed:${password}`;
  }
}

export class SequentialTokenGenerator implements TokenGenerator {
  #next = 1;

  generate(): string {
    const token = `token-${this.#next}`;
    this.#next += 1;
    return token;
  }

  hash(token: string): string {
    return `digest:${token}`;
  }
}

export class FixedClock implements Clock {
  #now: Date;

  constructor(start: Date = T0) {
    this.#now = start;
  }

  now(): Date {
    return new Date(this.#now.getTime());
  }

  advance(ms: number): void {
    this.#now = new Date(this.#now.getTime() + ms);
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

export class InMemoryStaffActivityLog implements StaffActivityLog {
  readonly entries: StaffActivity[] = [];
  readonly #clock: Clock;

  constructor(clock: Clock = new FixedClock()) {
    this.#clock = clock;
  }

  async record(entry: StaffActivityEntry): Promise<void> {
    this.entries.push({ ...entry, id: this.entries.length + 1, createdAt: this.#clock.now() });
  }

  async latest(limit: number, before: PageCursor | null): Promise<StaffActivity[]> {
    return [...this.entries]
      .reverse()
      .filter((entry) => before === null || entry.id < before.id)
      .slice(0, limit);
  }
}

export class InMemoryHrActions implements HrActionRepository {
  readonly actions: HrAction[] = [];

  async add(action: NewHrAction): Promise<HrAction> {
    const recorded = { ...action, id: this.actions.length + 1, status: 'completed', createdAt: new Date(T0) };
    this.actions.push(recorded);
    return recorded;
  }
}

/** Runs the work directly and counts runs, so tests can tell multi-record changes went through it. */
export class SpyTransaction implements Transaction {
  runs = 0;
  async run<T>(work: () => Promise<T>): Promise<T> {
    this.runs += 1;
    return work();
  }
}

export class MailerSpy implements Mailer {
  readonly sent: MailMessage[] = [];
  failWith: Error | null = null;

  async send(message: MailMessage): Promise<void> {
    if (this.failWith) throw this.failWith;
    this.sent.push(message);
  }
}

export class FixedTemporaryPasswords implements TemporaryPasswords {
  readonly value = 'Temp-Pass-1234';
  generate(): string {
    return this.value;
  }
}

export const TOTP_STEP_MS = 30_000;

/** A stand-in for RFC 6238: a fixed, checkable code per secret and 30 second step, one step of drift allowed. */
export class FakeTotp implements TotpCodes {
  #secrets = 0;

  generateSecret(): string {
    this.#secrets += 1;
    return `SECRET${this.#secrets}`;
  }

  otpauthUrl(accountName: string, secret: string): string {
    return `otpauth://totp/GroupFlow:${accountName}?secret=${secret}`;
  }

  static step(at: Date): number {
    return Math.floor(at.getTime() / TOTP_STEP_MS);
  }

  static codeAt(secret: string, step: number): string {
    let value = step;
    for (const char of secret) value = (value * 31 + char.charCodeAt(0)) % 1_000_000;
    return String(value).padStart(6, '0');
  }

  static code(secret: string, at: Date): string {
    return FakeTotp.codeAt(secret, FakeTotp.step(at));
  }

  async verify(secret: string, code: string, now: Date): Promise<number | null> {
    const current = FakeTotp.step(now);
    return [current - 1, current, current + 1].find((step) => FakeTotp.codeAt(secret, step) === code) ?? null;
  }
}

export class FakeQrCodes implements QrCodes {
  async svg(text: string): Promise<string> {
    return `<svg data-text="${text}"></svg>`;
  }
}

export class SequentialRecoveryCodes implements RecoveryCodes {
  #next = 1;
  generate(): string {
    const code = `rc${String(this.#next).padStart(3, '0')}-abcde`;
    this.#next += 1;
    return code;
  }

  hash(normalizedCode: string): string {
    return `keyed:${normalizedCode}`;
  }
}

interface StoredMfa {
  pending: string | null;
  secret: string | null;
  lastStep: number | null;
  recoveryCodeHashes: string[];
}

/** Keeps the member's mfaEnabled in the staff fake in step, as the adapter's one table does. */
export class InMemoryStaffMfa implements StaffMfa {
  readonly #staff: InMemoryStaffRepository;
  readonly #entries = new Map<number, StoredMfa>();

  constructor(staff: InMemoryStaffRepository) {
    this.#staff = staff;
  }

  stored(staffId: number): StoredMfa | undefined {
    const entry = this.#entries.get(staffId);
    return entry && structuredClone(entry);
  }

  #entry(staffId: number): StoredMfa {
    const entry = this.#entries.get(staffId) ?? { pending: null, secret: null, lastStep: null, recoveryCodeHashes: [] };
    this.#entries.set(staffId, entry);
    return entry;
  }

  async #setEnabled(staffId: number, mfaEnabled: boolean): Promise<void> {
    const member = this.#staff.stored(staffId);
    if (member) this.#staff.add({ ...member, mfaEnabled });
  }

  async savePending(staffId: number, secret: string): Promise<void> {
    this.#entry(staffId).pending = secret;
  }

  async pendingSecret(staffId: number): Promise<string | null> {
    return this.#entries.get(staffId)?.pending ?? null;
  }

  async secret(staffId: number): Promise<string | null> {
    return this.#entries.get(staffId)?.secret ?? null;
  }

  async enable(
    staffId: number,
    secret: string,
    recoveryCodeHashes: readonly string[],
    usedStep: number,
  ): Promise<void> {
    this.#entries.set(staffId, {
      pending: null,
      secret,
      lastStep: usedStep,
      recoveryCodeHashes: [...recoveryCodeHashes],
    });
    await this.#setEnabled(staffId, true);
  }

  async disable(staffId: number): Promise<void> {
    this.#entries.delete(staffId);
    await this.#setEnabled(staffId, false);
  }

  async claimStep(staffId: number, step: number): Promise<boolean> {
    const entry = this.#entry(staffId);
    if (entry.lastStep !== null && entry.lastStep >= step) return false;
    entry.lastStep = step;
    return true;
  }

  async claimRecoveryCode(staffId: number, codeHash: string): Promise<boolean> {
    const entry = this.#entry(staffId);
    const index = entry.recoveryCodeHashes.indexOf(codeHash);
    if (index < 0) return false;
    entry.recoveryCodeHashes.splice(index, 1);
    return true;
  }
}

export class InMemoryMfaChallenges implements StaffMfaChallenges {
  readonly challenges = new Map<string, { staffId: number; expiresAt: Date; attempts: number }>();

  async create(staffId: number, tokenHash: string, expiresAt: Date): Promise<void> {
    this.challenges.set(tokenHash, { staffId, expiresAt, attempts: 0 });
  }

  async countAttempt(tokenHash: string, now: Date): Promise<number | null> {
    const challenge = this.challenges.get(tokenHash);
    if (!challenge || challenge.expiresAt <= now) return null;
    challenge.attempts += 1;
    return challenge.attempts;
  }

  async find(tokenHash: string, now: Date): Promise<number | null> {
    const challenge = this.challenges.get(tokenHash);
    return challenge && challenge.expiresAt > now ? challenge.staffId : null;
  }

  async take(tokenHash: string): Promise<boolean> {
    return this.challenges.delete(tokenHash);
  }
}

/** Cookies `device:<id>:<staff id>:<device generation>:<email>`; anything else is not recognised. */
export class FakeTrustedDevices implements TrustedDevices {
  #next = 1;

  issue(member: Pick<StaffMember, 'id' | 'email' | 'deviceGeneration'>): string {
    const cookie = `device:${this.#next}:${member.id}:${member.deviceGeneration}:${member.email}`;
    this.#next += 1;
    return cookie;
  }

  recognise(cookie: string, email: string): DeviceCookieClaims | null {
    const [kind, deviceId, staffId, generation, named] = cookie.split(':');
    if (kind !== 'device' || deviceId === undefined || named !== email) return null;
    return { deviceId, staffId: Number(staffId), deviceGeneration: Number(generation) };
  }
}
