/** In-memory stand-ins for the ticket ports, shared by the ticket use case tests. */
import type {
  AttachmentLinks,
  NewAttachment,
  NewTicket,
  NewTicketMessage,
  SlaPolicy,
  SupportTicket,
  TicketAttachment,
  TicketAttachmentStore,
  TicketEvent,
  StreamTickets,
  TicketEvents,
  TicketListFilter,
  TicketMessage,
  TicketMessageRepository,
  TicketRepository,
  TicketStatus,
} from '../ports.ts';
import type { PageCursor } from '../../shared/paging.ts';
import { FixedClock, InMemoryStaffActivityLog, SequentialTokenGenerator, T0 } from '../../staff/testing/fakes.ts';
import { AttachmentLinkMint } from '../attachmentLinks.ts';
import { ticketSla } from '../sla.ts';

interface StoredTicket extends Omit<SupportTicket, 'claimedByUsername'> {
  accessKeyHash: string | null;
}

export class InMemoryTicketRepository implements TicketRepository {
  /** Staff id → username: a claimer's name is read from it on every answer, as the database joins staff_users. */
  readonly staffNames = new Map<number, string>();
  readonly #tickets = new Map<number, StoredTicket>();
  readonly #messages: InMemoryTicketMessages | null;
  #nextId = 1;

  constructor(messages: InMemoryTicketMessages | null = null) {
    this.#messages = messages;
  }

  stored(id: number): SupportTicket | undefined {
    const t = this.#tickets.get(id);
    return t && this.#public(t);
  }

  #public({ accessKeyHash: _hash, ...ticket }: StoredTicket): SupportTicket {
    const claimedByUsername = ticket.claimedBy === null ? null : (this.staffNames.get(ticket.claimedBy) ?? null);
    return structuredClone({ ...ticket, claimedByUsername });
  }

  async create(t: NewTicket): Promise<SupportTicket> {
    const id = this.#nextId++;
    const stored: StoredTicket = {
      id,
      title: t.title,
      description: t.description,
      category: t.category,
      priority: t.priority,
      status: 'open',
      userEmail: t.userEmail,
      userName: t.userName,
      claimedBy: null,
      claimedAt: null,
      isLocked: false,
      labels: [],
      firstResponseAt: null,
      slaBreachedAt: null,
      createdAt: t.createdAt,
      updatedAt: t.createdAt,
      accessKeyHash: t.accessKeyHash,
    };
    this.#tickets.set(id, stored);
    return this.#public(stored);
  }

  async findById(id: number): Promise<SupportTicket | null> {
    return this.stored(id) ?? null;
  }

  async accessKeyHashOf(id: number): Promise<string | null> {
    return this.#tickets.get(id)?.accessKeyHash ?? null;
  }

  async list(filter: TicketListFilter, before: PageCursor | null, limit: number): Promise<SupportTicket[]> {
    const needle = filter.search?.toLowerCase();
    return [...this.#tickets.values()]
      .filter((t) => before === null || t.id < before.id)
      .filter((t) => filter.status === undefined || t.status === filter.status)
      .filter((t) => filter.label === undefined || t.labels.includes(filter.label))
      .filter(
        (t) =>
          filter.breached === undefined ||
          ticketSla(this.#public(t), filter.breached.policies, filter.breached.now).breached,
      )
      .filter(
        (t) =>
          needle === undefined ||
          [t.title, t.userEmail, t.category].some((field) => field?.toLowerCase().includes(needle)),
      )
      .sort((a, b) => b.id - a.id)
      .slice(0, limit)
      .map((t) => this.#public(t));
  }

  #update(id: number, change: Partial<StoredTicket>): SupportTicket | null {
    const t = this.#tickets.get(id);
    if (!t) return null;
    Object.assign(t, change);
    return this.#public(t);
  }

  async tryClaim(id: number, staffId: number, at: Date, takeover: boolean): Promise<SupportTicket | null> {
    const t = this.#tickets.get(id);
    if (!t || !(t.claimedBy === null || t.claimedBy === staffId || takeover)) return null;
    return this.#update(id, {
      claimedBy: staffId,
      claimedAt: at,
      isLocked: true,
      updatedAt: at,
    });
  }

  async release(id: number, staffId: number, at: Date): Promise<SupportTicket | null> {
    if (this.#tickets.get(id)?.claimedBy !== staffId) return null;
    return this.#update(id, {
      claimedBy: null,
      claimedAt: null,
      isLocked: false,
      updatedAt: at,
    });
  }

  async setStatus(id: number, status: TicketStatus, at: Date): Promise<SupportTicket | null> {
    return this.#update(id, { status, updatedAt: at });
  }

  async setLabels(id: number, labels: string[], at: Date): Promise<SupportTicket | null> {
    return this.#update(id, { labels: [...labels], updatedAt: at });
  }

  async markFirstResponse(id: number, at: Date): Promise<void> {
    const ticket = this.#tickets.get(id);
    if (ticket && ticket.firstResponseAt === null) ticket.firstResponseAt = at;
  }

  async flagBreaches(policies: readonly SlaPolicy[], now: Date, limit: number): Promise<SupportTicket[]> {
    const due = [...this.#tickets.values()]
      .filter((t) => t.slaBreachedAt === null && ticketSla(this.#public(t), policies, now).breached)
      .slice(0, limit);
    for (const ticket of due) ticket.slaBreachedAt = now;
    return due.map((ticket) => this.#public(ticket));
  }

  async delete(id: number): Promise<boolean> {
    this.#messages?.removeFor(id);
    return this.#tickets.delete(id);
  }
}

export class InMemoryTicketMessages implements TicketMessageRepository {
  readonly messages: TicketMessage[] = [];

  async add(message: NewTicketMessage): Promise<TicketMessage> {
    const stored = {
      ...message,
      isPrivate: message.isPrivate ?? false,
      id: this.messages.length + 1,
      attachment: null,
    };
    this.messages.push(stored);
    return { ...stored };
  }

  async listFor(ticketId: number): Promise<TicketMessage[]> {
    return this.messages.filter((m) => m.ticketId === ticketId).map((m) => ({ ...m }));
  }

  removeFor(ticketId: number): void {
    for (let i = this.messages.length - 1; i >= 0; i -= 1) {
      if (this.messages[i]?.ticketId === ticketId) this.messages.splice(i, 1);
    }
  }
}

export class RecordingTicketEvents implements TicketEvents {
  readonly events: TicketEvent[] = [];
  publish(event: TicketEvent): Promise<void> {
    this.events.push(event);
    return Promise.resolve();
  }
}

export const OWNER = { id: 1, username: 'owner', role: 'platform_owner' } as const;
export const DIRECTOR = { id: 2, username: 'dana', role: 'customer_support_director' } as const;
export const AGENT = { id: 3, username: 'sam', role: 'customer_support' } as const;
export const OTHER_AGENT = { id: 4, username: 'kim', role: 'customer_support' } as const;
/** Roles whose work is not support or legal: they read no tickets (issue 33). */
export const NON_READERS = [
  { id: 5, username: 'mia', role: 'marketing_director' },
  { id: 6, username: 'hal', role: 'human_resources_director' },
] as const;

export async function seedTicket(
  tickets: InMemoryTicketRepository,
  overrides: Partial<NewTicket> = {},
): Promise<SupportTicket> {
  return tickets.create({
    title: 'Bot offline',
    description: 'It stopped answering',
    category: null,
    priority: 'high',
    userEmail: 'visitor@example.test',
    userName: 'Vera',
    accessKeyHash: 'digest:secret-key',
    createdAt: new Date('2026-01-01T08:00:00.000Z'),
    ...overrides,
  });
}

/** Ticket #1 seeded, and the ports a staff action on it writes to: the set-up the ticket management tests share. */
export async function makeTicketWorld() {
  const tickets = new InMemoryTicketRepository();
  await seedTicket(tickets);
  return {
    tickets,
    activity: new InMemoryStaffActivityLog(),
    events: new RecordingTicketEvents(),
    clock: new FixedClock(),
  };
}

export class InMemoryStreamTickets implements StreamTickets {
  readonly #tickets = new Map<string, { sessionHash: string; expiresAt: Date }>();

  async save(ticketHash: string, sessionHash: string, expiresAt: Date): Promise<void> {
    this.#tickets.set(ticketHash, { sessionHash, expiresAt });
  }

  async take(ticketHash: string, now: Date): Promise<string | null> {
    const stored = this.#tickets.get(ticketHash);
    this.#tickets.delete(ticketHash);
    return stored && stored.expiresAt.getTime() > now.getTime() ? stored.sessionHash : null;
  }

  get size(): number {
    return this.#tickets.size;
  }
}

/** Attachments kept beside the message list they belong to, so both threads see them. */
export class InMemoryAttachmentStore implements TicketAttachmentStore {
  readonly files = new Map<number, TicketAttachment & { ticketId: number; bytes: Uint8Array }>();
  readonly #messages: InMemoryTicketMessages;

  constructor(messages: InMemoryTicketMessages) {
    this.#messages = messages;
  }

  async addWithMessage(message: NewTicketMessage, file: NewAttachment): Promise<TicketMessage> {
    // Read to the end before storing anything, as the real store's transaction commits only then.
    const pieces: Uint8Array[] = [];
    for await (const piece of file.content) pieces.push(piece);
    const bytes = joined(pieces);
    const attachment = {
      id: this.files.size + 1,
      contentType: file.contentType,
      size: bytes.length,
      durationSeconds: file.durationSeconds,
    };
    this.files.set(attachment.id, { ...attachment, ticketId: message.ticketId, bytes });
    const stored = { ...message, isPrivate: false, id: this.#messages.messages.length + 1, attachment };
    this.#messages.messages.push(stored);
    return structuredClone(stored);
  }

  async find(attachmentId: number): Promise<(TicketAttachment & { ticketId: number }) | null> {
    const file = this.files.get(attachmentId);
    if (!file) return null;
    const { bytes: _bytes, ...described } = file;
    return described;
  }

  async readRange(attachmentId: number, start: number, length: number): Promise<Uint8Array> {
    return this.files.get(attachmentId)?.bytes.slice(start, start + length) ?? new Uint8Array();
  }
}

export class InMemoryAttachmentLinks implements AttachmentLinks {
  readonly links = new Map<string, { attachmentId: number; expiresAt: Date }>();

  async save(tokenHash: string, attachmentId: number, expiresAt: Date): Promise<void> {
    this.links.set(tokenHash, { attachmentId, expiresAt });
  }

  async find(tokenHash: string, now: Date): Promise<number | null> {
    const link = this.links.get(tokenHash);
    return link && link.expiresAt.getTime() > now.getTime() ? link.attachmentId : null;
  }
}

/** The first bytes of every WebM (EBML), then filler. */
function joined(pieces: readonly Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
  let at = 0;
  for (const piece of pieces) {
    whole.set(piece, at);
    at += piece.length;
  }
  return whole;
}

/** `bytes` as an upload delivers them, `pieceSize` at a time. */
export async function* streamOf(bytes: Uint8Array, pieceSize = 8): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += pieceSize) yield bytes.slice(at, at + pieceSize);
}

export function webmBytes(size = 32): Uint8Array {
  const bytes = new Uint8Array(size).fill(7);
  bytes.set([0x1a, 0x45, 0xdf, 0xa3]);
  return bytes;
}

/**
 * Two tickets, each with one recording (attachment 1 on ticket 1, attachment 2 on ticket 2); the first ticket's
 * chat key is `secret-key`, the second's `other-key`. The mint issues links that live `ttlMs`.
 */
export async function makeAttachmentLinkWorld(ttlMs: number) {
  const messages = new InMemoryTicketMessages();
  const tickets = new InMemoryTicketRepository(messages);
  await seedTicket(tickets);
  await seedTicket(tickets, { accessKeyHash: 'digest:other-key' });
  const attachments = new InMemoryAttachmentStore(messages);
  const file = () => ({ contentType: 'video/webm', content: streamOf(webmBytes()), durationSeconds: 5 });
  const base = {
    staffUserId: AGENT.id,
    senderName: 'sam',
    senderType: 'staff' as const,
    message: 'Rec',
    createdAt: T0,
  };
  await attachments.addWithMessage({ ...base, ticketId: 1 }, file());
  await attachments.addWithMessage({ ...base, ticketId: 2 }, file());
  const links = new InMemoryAttachmentLinks();
  const tokens = new SequentialTokenGenerator();
  const mint = new AttachmentLinkMint(attachments, links, tokens, new FixedClock(), { ttlMs });
  return { tickets, tokens, links, mint };
}

/** One ticket (chat key `secret-key`) whose thread holds one staff message, 'Hello' from sam (staff id 3). */
export async function makeThreadWorld() {
  const messages = new InMemoryTicketMessages();
  const tickets = new InMemoryTicketRepository(messages);
  await seedTicket(tickets);
  await messages.add({
    ticketId: 1,
    staffUserId: AGENT.id,
    senderName: 'sam',
    senderType: 'staff',
    message: 'Hello',
    createdAt: new Date(),
  });
  return { tickets, messages };
}
