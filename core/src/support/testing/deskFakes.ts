/** In-memory stand-ins for the issue 39 desk ports: the mail channel, reply tokens, chat readers, agents, ratings, canned responses. */
import type { AvailableAgent, SupportAgents } from '../autoAssignTicket/SupportAgents.ts';
import type { TicketRating, TicketRatings } from '../rateTicket/TicketRatings.ts';
import type { TicketMessageRepository } from '../ports.ts';
import type { ChatReaders, MailMark, ReplyTokens, TicketMailbox } from '../ticketMail.ts';
import type { CannedResponse, CannedResponseInput, CannedResponses } from '../cannedResponses.ts';

export class InMemoryTicketMailbox implements TicketMailbox {
  readonly #rows = new Map<number, { chatKey: string; mailedMessageId: number; lastMailedAt: Date | null }>();
  readonly #messages: TicketMessageRepository;

  constructor(messages: TicketMessageRepository) {
    this.#messages = messages;
  }

  async open(ticketId: number, chatKey: string): Promise<void> {
    this.#rows.set(ticketId, { chatKey, mailedMessageId: 0, lastMailedAt: null });
  }

  async chatKeyOf(ticketId: number): Promise<string | null> {
    return this.#rows.get(ticketId)?.chatKey ?? null;
  }

  async pending(limit: number): Promise<MailMark[]> {
    const marks: MailMark[] = [];
    for (const [ticketId, row] of this.#rows) {
      const replies = (await this.#messages.listFor(ticketId)).filter(
        (m) => m.senderType === 'staff' && m.id > row.mailedMessageId,
      );
      if (replies.length > 0)
        marks.push({ ticketId, mailedMessageId: row.mailedMessageId, lastMailedAt: row.lastMailedAt });
    }
    return marks.slice(0, limit);
  }

  async advance(ticketId: number, from: number, to: number, mailedAt: Date | null): Promise<boolean> {
    const row = this.#rows.get(ticketId);
    if (!row || row.mailedMessageId !== from) return false;
    row.mailedMessageId = to;
    if (mailedAt) row.lastMailedAt = mailedAt;
    return true;
  }

  async mailed(ticketId: number, at: Date): Promise<void> {
    const row = this.#rows.get(ticketId);
    if (row) row.lastMailedAt = at;
  }
}

export class InMemoryReplyTokens implements ReplyTokens {
  readonly #tokens = new Map<string, { ticketId: number; expiresAt: Date }>();

  async save(tokenHash: string, ticketId: number, expiresAt: Date): Promise<void> {
    this.#tokens.set(tokenHash, { ticketId, expiresAt });
  }

  async ticketOf(tokenHash: string, now: Date): Promise<number | null> {
    const token = this.#tokens.get(tokenHash);
    return token && token.expiresAt > now ? token.ticketId : null;
  }
}

/** Tickets whose chat a test holds open. */
export class FakeChatReaders implements ChatReaders {
  readonly open = new Set<number>();

  async reading(ticketId: number): Promise<boolean> {
    return this.open.has(ticketId);
  }
}

export class InMemorySupportAgents implements SupportAgents {
  readonly agents: (AvailableAgent & { role: string })[] = [];
  readonly assignments: { staffId: number; at: Date }[] = [];

  async available(roles: readonly string[]): Promise<AvailableAgent[]> {
    return this.agents.filter((agent) => roles.includes(agent.role)).map(({ role: _role, ...agent }) => agent);
  }

  async recordAssignment(staffId: number, at: Date): Promise<void> {
    this.assignments.push({ staffId, at });
  }
}

export class InMemoryTicketRatings implements TicketRatings {
  readonly #ratings = new Map<number, TicketRating>();

  async add(ticketId: number, rating: TicketRating): Promise<boolean> {
    if (this.#ratings.has(ticketId)) return false;
    this.#ratings.set(ticketId, rating);
    return true;
  }

  async find(ticketId: number): Promise<TicketRating | null> {
    return this.#ratings.get(ticketId) ?? null;
  }
}

/** Lower-case hex tokens, as reply addresses carry them. */
export class SequentialHexTokens {
  #next = 0xa0;

  generate(): string {
    this.#next += 1;
    return this.#next.toString(16);
  }

  hash(token: string): string {
    return `digest:${token}`;
  }
}

/** Canned responses in memory, with the unique short code the table keeps. */
export class InMemoryCannedResponses implements CannedResponses {
  readonly rows = new Map<number, CannedResponse>();
  #nextId = 1;

  async list(): Promise<CannedResponse[]> {
    return [...this.rows.values()].sort((a, b) => a.shortCode.localeCompare(b.shortCode));
  }

  async find(id: number): Promise<CannedResponse | null> {
    return this.rows.get(id) ?? null;
  }

  async create(input: CannedResponseInput, at: Date): Promise<CannedResponse | 'taken'> {
    if (this.#holder(input.shortCode) !== undefined) return 'taken';
    const row = { ...input, id: this.#nextId++, createdAt: at, updatedAt: at };
    this.rows.set(row.id, row);
    return row;
  }

  async update(id: number, input: CannedResponseInput, at: Date): Promise<CannedResponse | 'taken' | null> {
    const row = this.rows.get(id);
    if (!row) return null;
    const holder = this.#holder(input.shortCode);
    if (holder !== undefined && holder !== id) return 'taken';
    const updated = { ...row, ...input, updatedAt: at };
    this.rows.set(id, updated);
    return updated;
  }

  async remove(id: number): Promise<boolean> {
    return this.rows.delete(id);
  }

  #holder(shortCode: string): number | undefined {
    return [...this.rows.values()].find((row) => row.shortCode === shortCode)?.id;
  }
}
