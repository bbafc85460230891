import type { PageCursor } from '../shared/paging.ts';
import type { StaffRole } from '../staff/roles.ts';

export const TICKET_STATUS_VALUES = ['open', 'in_progress', 'waiting_response', 'closed', 'resolved'] as const;
export type TicketStatus = (typeof TICKET_STATUS_VALUES)[number];
// Plain values: the landing page draws its ticket form with them before zod is loaded.
export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

/** How fast a ticket of one priority must get its first staff reply, and be resolved (issue 39; sla.ts). */
export interface SlaPolicy {
  priority: TicketPriority;
  firstResponseMinutes: number;
  resolutionHours: number;
}

/** A support ticket as the staff screens see it (spec 2 section 3); the access key hash never leaves the server. */
export interface SupportTicket {
  id: number;
  title: string;
  description: string;
  category: string | null;
  priority: TicketPriority;
  status: TicketStatus;
  userEmail: string | null;
  userName: string | null;
  /** Staff id of the claimer; isLocked mirrors it (spec 2: "isLocked with claimedBy"). */
  claimedBy: number | null;
  claimedByUsername: string | null;
  claimedAt: Date | null;
  isLocked: boolean;
  /** Staff's labels (issue 39), in the order given. */
  labels: string[];
  /** The first staff reply the customer saw (issue 39: it stops the first-response clock); null before it. */
  firstResponseAt: Date | null;
  /** When an SLA clock first ran out, as flagged once by the breach check; null while kept. */
  slaBreachedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewTicket {
  title: string;
  description: string;
  category: string | null;
  priority: TicketPriority;
  userEmail: string;
  userName: string;
  /** Hash of the customer's chat key; null for tickets no customer follows (password resets). */
  accessKeyHash: string | null;
  createdAt: Date;
}

/** What a ticket list asks for: one page, optionally narrowed by a search text and a status. */
export interface TicketListFilter {
  /** Part of the title, the email or the category, in any case. */
  search?: string | undefined;
  status?: TicketStatus | undefined;
  /** Only tickets carrying this label. */
  label?: string | undefined;
  /** Only tickets whose SLA is breached under these policies (one per priority: completePolicies) at this time. */
  breached?: { policies: readonly SlaPolicy[]; now: Date } | undefined;
}

/** Its contract in full, run against the fake and the adapter: testing/ticketRepositoryContract.ts. */
export interface TicketRepository {
  create(ticket: NewTicket): Promise<SupportTicket>;
  findById(id: number): Promise<SupportTicket | null>;
  /** The stored key hash, or null when the ticket is unknown or has none. */
  accessKeyHashOf(id: number): Promise<string | null>;
  /** Newest first (by id), tickets older than `before` when given, matching every part of `filter`. */
  list(filter: TicketListFilter, before: PageCursor | null, limit: number): Promise<SupportTicket[]>;
  /**
   * One conditional write, so concurrent claims cannot both win: claims when the ticket is unclaimed, already
   * the staff member's, or `takeover` is set. Null when someone else holds it (or the ticket is gone).
   */
  tryClaim(id: number, staffId: number, at: Date, takeover: boolean): Promise<SupportTicket | null>;
  /** Clears the claim only if `staffId` holds it; null otherwise. */
  release(id: number, staffId: number, at: Date): Promise<SupportTicket | null>;
  setStatus(id: number, status: TicketStatus, at: Date): Promise<SupportTicket | null>;
  /** Replaces the ticket's labels; null when the ticket is gone. */
  setLabels(id: number, labels: string[], at: Date): Promise<SupportTicket | null>;
  /** Records the first staff reply the customer saw; a later one changes nothing. */
  markFirstResponse(id: number, at: Date): Promise<void>;
  /**
   * Flags up to `limit` tickets breached under `policies` (one per priority: completePolicies) at `now` and not
   * flagged yet, the oldest first, and answers them: one conditional write, so of several processes checking at once
   * each ticket is flagged by exactly one.
   */
  flagBreaches(policies: readonly SlaPolicy[], now: Date, limit: number): Promise<SupportTicket[]>;
  /** Deletes the ticket and its messages; false when it did not exist. */
  delete(id: number): Promise<boolean>;
}

export type SenderType = 'staff' | 'customer';

/** A file carried by a ticket message (issue 26: the screen recorder's recordings); its bytes are read by range. */
export interface TicketAttachment {
  id: number;
  contentType: string;
  /** Bytes. */
  size: number;
  /** Of a recording, as the recorder measured it; null when not given. */
  durationSeconds: number | null;
}

export interface TicketMessage {
  id: number;
  ticketId: number;
  staffUserId: number | null;
  senderName: string;
  senderType: SenderType;
  message: string;
  attachment: TicketAttachment | null;
  /** A staff member's private note (issue 39): shown to staff only, never in the customer's chat or mail. */
  isPrivate: boolean;
  createdAt: Date;
}

export type NewTicketMessage = Omit<TicketMessage, 'id' | 'attachment' | 'isPrivate'> & { isPrivate?: boolean };

export interface TicketMessageRepository {
  add(message: NewTicketMessage): Promise<TicketMessage>;
  /** Oldest first, each with its attachment's description. */
  listFor(ticketId: number): Promise<TicketMessage[]>;
}

export interface NewAttachment {
  contentType: string;
  /**
   * The file's bytes as they arrive (an upload of up to MAX_ATTACHMENT_BYTES is never held whole). It may fail
   * part-way (the size cap, a dropped connection): then nothing is stored.
   */
  content: AsyncIterable<Uint8Array>;
  durationSeconds: number | null;
}

export interface TicketAttachmentStore {
  /**
   * The message and its file in one transaction, the file written as `content` yields it: neither is ever stored
   * without the other, and content that fails part-way leaves neither.
   */
  addWithMessage(message: NewTicketMessage, file: NewAttachment): Promise<TicketMessage>;
  /** The attachment and the ticket it belongs to; null when unknown. */
  find(attachmentId: number): Promise<(TicketAttachment & { ticketId: number }) | null>;
  /** `length` bytes from `start` (0-based), fewer at the end of the file. */
  readRange(attachmentId: number, start: number, length: number): Promise<Uint8Array>;
}

/**
 * Short-lived links that open one attachment: a <video> element cannot send the staff bearer token or the chat key
 * header, so whoever may see the attachment trades that proof for a link. Only hashes are stored.
 */
export interface AttachmentLinks {
  save(tokenHash: string, attachmentId: number, expiresAt: Date): Promise<void>;
  /** The attachment the link opens while it expires after `now`; else null. */
  find(tokenHash: string, now: Date): Promise<number | null>;
}

/** Who acts on a ticket: the authenticated staff member. */
export interface TicketActor {
  id: number;
  username: string;
  role: StaffRole;
}

/** Pushed to open staff views and to the ticket's customer chat page. */
export type TicketEvent =
  | { type: 'ticket.created'; ticket: SupportTicket }
  | { type: 'ticket.updated'; ticket: SupportTicket }
  | { type: 'ticket.deleted'; ticketId: number }
  | { type: 'message.created'; ticketId: number; message: TicketMessage };

export interface TicketEvents {
  /**
   * Resolves once the event is durable and on its way to every process's streams, so a caller that answers
   * afterwards never acknowledges a change its watchers could miss.
   */
  publish(event: TicketEvent): Promise<void>;
}

/**
 * Single-use tickets that open the staff event stream, so the long-lived bearer token never travels in a URL.
 * Only hashes are stored; any process can redeem a ticket another issued.
 */
export interface StreamTickets {
  save(ticketHash: string, sessionHash: string, expiresAt: Date): Promise<void>;
  /** Removes the ticket and answers its session's hash when it existed and expires after `now`; else null. */
  take(ticketHash: string, now: Date): Promise<string | null>;
}
