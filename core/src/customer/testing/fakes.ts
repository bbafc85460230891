/** In-memory stand-ins for the customer ports, shared by the customer use case tests. */
import type { Customer, CustomerRepository, CustomerStats, CustomerStatsSource, NewCustomer } from '../ports.ts';

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
    const created: Customer = { ...customer, id: this.#nextId++, isBanned: false, createdAt: new Date() };
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
