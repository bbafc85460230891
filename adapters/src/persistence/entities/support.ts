import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { col } from './columns.ts';
import { StaffUser } from './staff.ts';

export const SupportTicket = defineEntity({
  name: 'SupportTicket',
  tableName: 'support_tickets',
  properties: {
    id: col.id(),
    title: col.title(),
    description: col.text(),
    category: col.type().nullable(),
    priority: col.priority().default('low'),
    status: col.status().default('open'),
    userEmail: col.email().nullable(),
    userName: col.name().nullable(),
    assignedStaffId: p.integer().nullable(),
    claimedBy: () => p.manyToOne(StaffUser).fieldName('claimed_by').nullable().deleteRule('set null'),
    claimedAt: p.datetime().nullable(),
    isLocked: p.boolean().default(false),
    /** SHA-256 of the customer's chat key (hex); null for tickets no customer follows. */
    accessKeyHash: p.string().length(64).nullable().lazy(),
    /** Staff's labels (issue 39); the list filters by one. */
    labels: p.array().default([]),
    /** The first staff reply the customer saw (issue 39): it stops the first-response clock. */
    firstResponseAt: p.datetime().nullable(),
    /** When the ticket's SLA was first breached (issue 39: SLA clocks set it; analytics counts it); null while kept. */
    slaBreachedAt: p.datetime().nullable(),
    createdAt: col.createdAt().index(),
    updatedAt: col.updatedAt(),
  },
  indexes: [
    // The staff list filtered by status, newest first, reads this index backwards.
    { properties: ['status', 'id'] },
    // `labels @> array[label]` of the label filter.
    {
      name: 'support_tickets_labels_gin',
      expression: 'create index "support_tickets_labels_gin" on "support_tickets" using gin ("labels")',
    },
    // Trigram indexes serve the staff search (`ilike '%text%'`) on each searched column; pg_trgm comes with the
    // migration that created them.
    ...(['title', 'user_email', 'category'] as const).map((column) => ({
      name: `support_tickets_${column}_trgm`,
      expression: `create index "support_tickets_${column}_trgm" on "support_tickets" using gin ("${column}" gin_trgm_ops)`,
    })),
  ],
});
export type SupportTicketRecord = InferEntity<typeof SupportTicket>;

export const SupportTicketMessage = defineEntity({
  name: 'SupportTicketMessage',
  tableName: 'support_ticket_messages',
  properties: {
    id: col.id(),
    ticket: () => p.manyToOne(SupportTicket).fieldName('ticket_id').deleteRule('cascade'),
    staffUser: () => p.manyToOne(StaffUser).fieldName('staff_user_id').nullable().deleteRule('set null'),
    senderName: col.name(),
    senderType: col.type(),
    message: col.text(),
    /** A staff member's private note (issue 39). */
    isPrivate: p.boolean().default(false),
    createdAt: col.createdAt(),
  },
});
export type SupportTicketMessageRecord = InferEntity<typeof SupportTicketMessage>;

/**
 * A file carried by one chat message (issue 26: screen recordings), kept in PostgreSQL with its message so both are
 * written in one transaction and go with their ticket (docs/decisions.md). Its bytes are in
 * SupportTicketAttachmentChunk rows, written as the upload streams in (issue 33).
 */
export const SupportTicketAttachment = defineEntity({
  name: 'SupportTicketAttachment',
  tableName: 'support_ticket_attachments',
  properties: {
    id: col.id(),
    ticket: () => p.manyToOne(SupportTicket).fieldName('ticket_id').deleteRule('cascade').index(),
    message: () => p.oneToOne(SupportTicketMessage).fieldName('message_id').owner().deleteRule('cascade').unique(),
    contentType: p.string().length(100),
    size: p.integer(),
    durationSeconds: p.integer().nullable(),
    createdAt: col.createdAt(),
  },
});

/**
 * One piece of an attachment's bytes, from byte `offset` on (persistence/support/PostgresTicketAttachmentStore.ts):
 * an upload is stored a piece at a time, so no process ever holds a whole file, and a Range read fetches only the
 * pieces it covers. `data` is stored EXTERNAL (the migration sets it): WebM is already compressed.
 */
export const SupportTicketAttachmentChunk = defineEntity({
  name: 'SupportTicketAttachmentChunk',
  tableName: 'support_ticket_attachment_chunks',
  properties: {
    attachment: () => p.manyToOne(SupportTicketAttachment).fieldName('attachment_id').primary().deleteRule('cascade'),
    offset: p.integer().primary(),
    data: p.blob().lazy(),
  },
});

/** Short-lived links opening one attachment; hashes only (persistence/support/PostgresAttachmentLinks.ts). */
export const SupportAttachmentLink = defineEntity({
  name: 'SupportAttachmentLink',
  tableName: 'support_attachment_links',
  properties: {
    tokenHash: p.string().length(64).primary(),
    attachment: () => p.manyToOne(SupportTicketAttachment).fieldName('attachment_id').deleteRule('cascade').index(),
    expiresAt: p.datetime().index(),
  },
});

/**
 * Every ticket event, numbered: the id is the event stream's event id, so a stream reconnecting to any process
 * replays what it missed (adapters/src/events/PostgresTicketEvents.ts). No foreign key: a deleted ticket's last
 * events must still reach the streams; rows older than the retention are pruned.
 */
export const SupportTicketEvent = defineEntity({
  name: 'SupportTicketEvent',
  tableName: 'support_ticket_events',
  indexes: [{ properties: ['ticketId', 'id'] }],
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    ticketId: p.integer(),
    type: col.type(),
    payload: p.json<unknown>(),
    createdAt: col.createdAt().index(),
  },
});

/** Single-use tickets opening the staff event stream; hashes only (persistence/support/PostgresStreamTickets.ts). */
export const SupportStreamTicket = defineEntity({
  name: 'SupportStreamTicket',
  tableName: 'support_stream_tickets',
  properties: {
    ticketHash: p.string().length(64).primary(),
    sessionHash: p.string().length(64),
    expiresAt: p.datetime().index(),
  },
});
