import { defineEntity, p } from '@mikro-orm/core';
import { col } from './columns.ts';
import { StaffUser } from './staff.ts';
import { SupportTicket } from './support.ts';
import { LIMITS } from '@groupflow/core/contracts';

/**
 * A public ticket's mail channel (issue 39): the customer's chat key sealed (AES-GCM), so later mails can carry the
 * chat link while only its hash opens the chat; and how far the staff replies have been mailed, so the digest sends
 * each reply once and at most one mail per SUPPORT_EMAIL_DIGEST_SECONDS (persistence/support/PostgresTicketMailbox.ts).
 */
export const SupportTicketMail = defineEntity({
  name: 'SupportTicketMail',
  tableName: 'support_ticket_mail',
  properties: {
    ticket: () => p.oneToOne(SupportTicket).fieldName('ticket_id').owner().primary().deleteRule('cascade'),
    chatKeySealed: p.text(),
    /** Staff messages up to this id were mailed, or read in the open chat. */
    mailedMessageId: p.integer().default(0),
    lastMailedAt: p.datetime().nullable(),
  },
});

/** Reply-To tokens of outgoing ticket mail (support+<ticketId>.<token>@MAIL_DOMAIN); hashes only. */
export const SupportReplyToken = defineEntity({
  name: 'SupportReplyToken',
  tableName: 'support_reply_tokens',
  properties: {
    tokenHash: p.string().length(64).primary(),
    ticket: () => p.manyToOne(SupportTicket).fieldName('ticket_id').deleteRule('cascade').index(),
    expiresAt: p.datetime().index(),
  },
});

/**
 * Customer chat event streams open now, in any process: a reader's row is refreshed at each heartbeat and deleted on
 * close, and one left by a crashed process lapses at `expires_at`. The mail digest sends nothing while one is open.
 */
export const SupportChatReader = defineEntity({
  name: 'SupportChatReader',
  tableName: 'support_chat_readers',
  properties: {
    id: p.uuid().primary(),
    ticket: () => p.manyToOne(SupportTicket).fieldName('ticket_id').deleteRule('cascade').index(),
    expiresAt: p.datetime(),
  },
});

/** The customer's satisfaction rating of a closed ticket: one per ticket (the primary key makes a second a 409). */
export const SupportTicketRating = defineEntity({
  name: 'SupportTicketRating',
  tableName: 'support_ticket_ratings',
  properties: {
    ticket: () => p.oneToOne(SupportTicket).fieldName('ticket_id').owner().primary().deleteRule('cascade'),
    score: p.smallint(),
    comment: col.text().nullable(),
    createdAt: col.createdAt().index(),
  },
});

/** When automatic assignment last gave each support member a ticket: the round-robin's tie-break. */
export const SupportAgentAssignment = defineEntity({
  name: 'SupportAgentAssignment',
  tableName: 'support_agent_assignments',
  properties: {
    staffUser: () => p.oneToOne(StaffUser).fieldName('staff_user_id').owner().primary().deleteRule('cascade'),
    lastAssignedAt: p.datetime(),
  },
});

/** Canned responses (issue 39): one per short code, posted into ticket chats with their placeholders filled in. */
export const SupportCannedResponse = defineEntity({
  name: 'SupportCannedResponse',
  tableName: 'support_canned_responses',
  properties: {
    id: col.id(),
    shortCode: p.string().length(LIMITS.shortCode).unique(),
    title: col.title(),
    body: col.text(),
    createdAt: col.createdAt(),
    updatedAt: col.updatedAt(),
  },
});

/** The desk's SLA targets (issue 39), one row per ticket priority; none until a director sets them. */
export const SupportSlaPolicy = defineEntity({
  name: 'SupportSlaPolicy',
  tableName: 'support_sla_policies',
  properties: {
    priority: col.priority().primary(),
    firstResponseMinutes: p.integer(),
    resolutionHours: p.integer(),
  },
});
