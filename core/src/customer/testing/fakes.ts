/** In-memory stand-ins for the customer ports, shared by the customer use case tests. */
import type { Customer, CustomerRepository, CustomerStats, CustomerStatsSource, NewCustomer } from '../ports.ts';
import type {
  BanSource,
  BanSources,
  CustomerAccount,
  CustomerAccounts,
  CustomerBan,
  CustomerRole,
  CustomerSessionEnder,
  CustomerTabs,
} from '../customerAccounts.ts';

export function makeCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    id: 1,
    username: 'alice',
    email: 'alice@example.test',
    discordId: '111',
    avatar: null,
    discriminator: '0',
    robloxId: null,
    robloxUsername: null,
    isVerified: false,
    isBanned: false,
    bannedReason: null,
    createdAt: new Date('2026-01-01T00:00:00.000Z'),
    ...overrides,
  };
}

export class InMemoryCustomerRepository implements CustomerRepository {
  readonly #rows = new Map<number, Customer>();
  #nextId = 100;
  saves = 0;

  add(customer: Customer): this {
    this.#rows.set(customer.id, { ...customer });
    return this;
  }

  stored(id: number): Customer | undefined {
    return this.#rows.get(id);
  }

  get size(): number {
    return this.#rows.size;
  }

  async findById(id: number) {
    return this.#rows.get(id) ?? null;
  }

  async findByDiscordId(discordId: string) {
    return [...this.#rows.values()].find((row) => row.discordId === discordId) ?? null;
  }

  async findByRobloxId(robloxId: string) {
    return [...this.#rows.values()].find((row) => row.robloxId === robloxId) ?? null;
  }

  async create(customer: NewCustomer) {
    const created: Customer = {
      ...customer,
      id: this.#nextId++,
      isBanned: false,
      bannedReason: null,
      createdAt: new Date(),
    };
    this.#rows.set(created.id, created);
    return { ...created };
  }

  async save(customer: Customer) {
    this.saves++;
    this.#rows.set(customer.id, { ...customer });
  }
}

export class FixedStats implements CustomerStatsSource {
  readonly #stats: Record<number, CustomerStats>;
  constructor(stats: Record<number, CustomerStats>) {
    this.#stats = stats;
  }
  async statsFor(customerId: number) {
    return this.#stats[customerId] ?? { totalBots: 0, activeBots: 0, totalCommands: 0 };
  }
}

export function makeCustomerAccount(overrides: Partial<CustomerAccount> = {}): CustomerAccount {
  return {
    id: 1,
    username: 'alice',
    email: 'alice@example.test',
    discordId: '111',
    robloxId: null,
    robloxUsername: null,
    role: 'user',
    isAdmin: false,
    isBanned: false,
    bannedReason: null,
    bannedBy: null,
    bannedAt: null,
    createdAt: new Date('2026-01-01T00:00:00.000Z'),
    ...overrides,
  };
}

export class InMemoryCustomerAccounts implements CustomerAccounts {
  readonly #rows = new Map<number, CustomerAccount>();

  add(account: CustomerAccount): this {
    this.#rows.set(account.id, { ...account });
    return this;
  }

  stored(id: number): CustomerAccount | undefined {
    return this.#rows.get(id);
  }

  async find(id: number) {
    const row = this.#rows.get(id);
    return row ? { ...row } : null;
  }

  async search(text: string | null, limit: number) {
    const needle = text?.toLowerCase() ?? '';
    return [...this.#rows.values()]
      .filter((row) =>
        [String(row.id), row.username, row.email, row.discordId, row.robloxUsername].some((value) =>
          value?.toLowerCase().includes(needle),
        ),
      )
      .sort((a, b) => b.id - a.id)
      .slice(0, limit);
  }

  async ban(id: number, ban: CustomerBan) {
    const row = this.#rows.get(id);
    if (!row || row.isBanned) return false;
    this.#rows.set(id, {
      ...row,
      isBanned: true,
      bannedReason: ban.reason,
      bannedBy: ban.bannedBy,
      bannedAt: ban.bannedAt,
    });
    return true;
  }

  async unban(id: number) {
    const row = this.#rows.get(id);
    if (!row?.isBanned) return false;
    this.#rows.set(id, { ...row, isBanned: false, bannedReason: null, bannedBy: null, bannedAt: null });
    return true;
  }

  async setRole(id: number, role: CustomerRole) {
    const row = this.#rows.get(id);
    if (row) this.#rows.set(id, { ...row, role, isAdmin: role === 'admin' });
  }
}

/** Sessions by customer id; `endAllFor` drops them and counts. */
export class InMemoryCustomerSessions implements CustomerSessionEnder {
  readonly sessions: { id: string; customerId: number }[] = [];

  async endAllFor(customerId: number) {
    const before = this.sessions.length;
    this.sessions.splice(0, before, ...this.sessions.filter((session) => session.customerId !== customerId));
    return before - this.sessions.length;
  }
}

/** The sign-outs told to customers' open tabs, in order. */
export class RecordingCustomerTabs implements CustomerTabs {
  readonly signedOut: { customerId: number; reason: string }[] = [];

  async signOut(customerId: number, reason: string) {
    this.signedOut.push({ customerId, reason });
  }
}

/** The tickets and policy violations that exist, by kind. */
export class InMemoryBanSources implements BanSources {
  readonly #ids: Record<BanSource['kind'], Set<number>>;

  constructor(ids: { ticket?: number[]; policy_violation?: number[] } = {}) {
    this.#ids = { ticket: new Set(ids.ticket), policy_violation: new Set(ids.policy_violation) };
  }

  /** What `recordAction` was told, in order. */
  readonly actions: { source: BanSource; action: string; staffId: number }[] = [];

  async exists(source: BanSource) {
    return this.#ids[source.kind].has(source.id);
  }

  async recordAction(source: BanSource, action: string, staffId: number) {
    this.actions.push({ source, action, staffId });
  }
}
