/**
 * In-memory stand-ins for the staff ports, shared by the staff use case tests. Not exported from the
 * package: adapters have their own tests against the real technology.
 */
import type { Clock } from '../../shared/clock.ts';
import type {
  LoginAttempts,
  PasswordHasher,
  StaffMember,
  StaffRepository,
  StaffSessions,
  TokenGenerator,
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

  async save(member: StaffMember): Promise<void> {
    this.saves += 1;
    this.#members.set(member.id, structuredClone(member));
  }
}

export interface StoredSession {
  staffId: number;
  tokenHash: string;
  expiresAt: Date;
}

export class InMemoryStaffSessions implements StaffSessions {
  readonly sessions: StoredSession[] = [];

  async create(staffId: number, tokenHash: string, expiresAt: Date): Promise<void> {
    this.sessions.push({ staffId, tokenHash, expiresAt });
  }

  async findValid(tokenHash: string, now: Date): Promise<number | null> {
    const session = this.sessions.find((s) => s.tokenHash === tokenHash && s.expiresAt.getTime() > now.getTime());
    return session?.staffId ?? null;
  }

  async revokeAllFor(staffId: number): Promise<void> {
    for (let i = this.sessions.length - 1; i >= 0; i -= 1) {
      if (this.sessions[i]?.staffId === staffId) this.sessions.splice(i, 1);
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

export class InMemoryLoginAttempts implements LoginAttempts {
  readonly failures = new Map<string, Date[]>();

  async recordFailure(email: string, at: Date): Promise<void> {
    this.failures.set(email, [...(this.failures.get(email) ?? []), at]);
  }

  async countFailuresSince(email: string, since: Date): Promise<number> {
    return (this.failures.get(email) ?? []).filter((at) => at.getTime() >= since.getTime()).length;
  }

  async lastFailureAt(email: string): Promise<Date | null> {
    const times = (this.failures.get(email) ?? []).map((at) => at.getTime());
    return times.length === 0 ? null : new Date(Math.max(...times));
  }

  async clear(email: string): Promise<void> {
    this.failures.delete(email);
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
