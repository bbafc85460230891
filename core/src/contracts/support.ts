import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { LIMITS } from './limits.ts';
import { pagedListQuerySchema } from './paging.ts';
import { idParamsSchema, isoDateTime, noContent } from './wire.ts';
import { text } from './text.ts';
import { TICKET_PRIORITIES } from './ticketPriorities.ts';
import { TICKET_STATUS_VALUES } from '../support/ports.ts';
import { TEST_EMAIL_TYPES } from '../diagnostics/sendTestEmail/testEmails.ts';

export { TEST_EMAIL_TYPES, TICKET_STATUS_VALUES };
import { ATTACHMENT_CONTENT_TYPES } from '../support/attachmentTypes.ts';
import { ANALYTICS_RANGES, type AnalyticsRange } from '../support/readTicketAnalytics/readTicketAnalytics.ts';

const required = (max: number) => text().trim().min(1, { message: 'Required' }).max(max);

/** POST /api/support/create-public body: the landing page's "Need Help?" form. */
export const publicTicketSchema = z.object({
  name: required(LIMITS.name),
  email: text()
    .trim()
    .max(LIMITS.email)
    .pipe(z.email({ message: 'Please enter a valid email address' })),
  subject: required(LIMITS.title),
  message: text().trim().min(1, { message: 'Required' }).max(10_000),
  priority: z.enum(TICKET_PRIORITIES).default('medium'),
});
export type PublicTicketInput = z.infer<typeof publicTicketSchema>;

/** POST /api/support/create-public answer: the chat page's address carries the ticket's access key. */
export const publicTicketCreatedSchema = z.object({ id: z.number().int(), chatUrl: text() });
export type PublicTicketCreated = z.infer<typeof publicTicketCreatedSchema>;

/** POST /api/support/find-ticket: the address the ticket was filed with and its number (issue 36). */
export const findMyTicketSchema = z.object({
  email: publicTicketSchema.shape.email,
  ticketId: z.coerce
    .number({ message: 'The ticket number, digits only' })
    .int({ message: 'The ticket number, digits only' })
    .positive({ message: 'The ticket number, digits only' }),
});
export type FindMyTicketBody = z.input<typeof findMyTicketSchema>;

/** POST /api/support/tickets body: the staff login page's password-reset request (spec 2 section 7). */
export const passwordResetTicketSchema = z.object({
  title: required(LIMITS.title),
  description: text().trim().min(1, { message: 'Required' }).max(10_000),
  category: z.literal('password_reset'),
  priority: z.enum(TICKET_PRIORITIES).default('medium'),
  userEmail: text()
    .trim()
    .max(LIMITS.email)
    .pipe(z.email({ message: 'Please enter a valid email address' })),
  userName: required(LIMITS.name),
});
export type PasswordResetTicketInput = z.infer<typeof passwordResetTicketSchema>;

/** Spec 2 section 5; `resolved` is accepted because the search filter and live chat know it. */

export const ticketStatusSchema = z.object({ status: z.enum(TICKET_STATUS_VALUES) });

export const ticketMessageSchema = z.object({
  message: text().trim().min(1, { message: 'Required' }).max(10_000),
});

/**
 * A staff member's message: their words (`message`) or a canned response by id (`cannedResponseId`, posted with its
 * placeholders filled in); `private: true` makes it a note for staff only (issue 39).
 */
export const staffMessageSchema = z
  .object({
    message: ticketMessageSchema.shape.message.optional(),
    cannedResponseId: z.number().int().positive().optional(),
    private: z.boolean().optional(),
  })
  .refine((body) => (body.message === undefined) !== (body.cannedResponseId === undefined), {
    message: 'Send a message or a cannedResponseId, not both',
    path: ['message'],
  });

/** Lowercase letters, digits and dashes: what a staff member types after `/` in the chat. */
export const SHORT_CODE_PATTERN = /^[a-z0-9-]+$/;

/** POST and PUT /api/support/canned-responses body (issue 39). */
export const cannedResponseInputSchema = z.strictObject({
  shortCode: text()
    .trim()
    .min(1, { message: 'Required' })
    .max(LIMITS.shortCode)
    .regex(SHORT_CODE_PATTERN, { message: 'Use lowercase letters, digits and dashes' }),
  title: text().trim().min(1, { message: 'Required' }).max(LIMITS.title),
  body: text().trim().min(1, { message: 'Required' }).max(LIMITS.cannedBody),
});
export type CannedResponseInputWire = z.infer<typeof cannedResponseInputSchema>;

export const cannedResponseSchema = cannedResponseInputSchema.extend({
  id: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type CannedResponseWire = z.infer<typeof cannedResponseSchema>;

/** A ticket's labels (issue 39): trimmed, each 1 to LIMITS.label characters, at most LIMITS.labels, repeats dropped. */
export const ticketLabelsSchema = z.strictObject({
  labels: z
    .array(
      text()
        .trim()
        .min(1, { message: 'A label may not be blank' })
        .max(LIMITS.label, { message: `A label is at most ${LIMITS.label} characters` }),
    )
    .max(LIMITS.labels, { message: `At most ${LIMITS.labels} labels` })
    .transform((labels) => [...new Set(labels)]),
});

/**
 * The staff screen's labels field: one line, labels separated by commas, checked as the API checks them; a refusal
 * is the field's own (a form shows it under the one input, not under an item of an array it does not have).
 */
export const ticketLabelsFormSchema = z.object({
  labels: z.string().transform((line, context) => {
    const labels = line
      .split(',')
      .map((label) => label.trim())
      .filter(Boolean);
    const checked = ticketLabelsSchema.shape.labels.safeParse(labels);
    if (checked.success) return checked.data;
    context.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? 'Invalid labels' });
    return z.NEVER;
  }),
});
export type TicketLabelsForm = z.input<typeof ticketLabelsFormSchema>;

/** Longest search text accepted; longer input cannot match a title, email or category anyway. */
const MAX_TICKET_SEARCH = Math.max(LIMITS.title, LIMITS.email, LIMITS.type);

/** GET /api/support/analytics query: the Analytics tab's range buttons (spec 2 section 3); 7d when absent. */
export const ticketAnalyticsQuerySchema = z.strictObject({ range: z.enum(ANALYTICS_RANGES).default('7d') });
export { ANALYTICS_RANGES, type AnalyticsRange };

const count = z.number().int().nonnegative();

/**
 * GET /api/support/analytics?range=24h|7d|30d|90d (issue 39): the tickets filed in the range (whole UTC hours for
 * 24h, whole UTC days, today included, otherwise), `open` the backlog now of any age, the medians of first staff
 * reply (minutes) and of resolution (hours) (null with nothing to measure), satisfaction and SLA breaches; then the
 * charts' series per hour or day, by status, priority and score, and the members who finished the most.
 */
export const ticketAnalyticsSchema = z.object({
  range: z.enum(ANALYTICS_RANGES),
  bucket: z.enum(['hour', 'day']),
  since: isoDateTime,
  tickets: count,
  open: count,
  firstResponseMedianMinutes: z.number().nonnegative().nullable(),
  resolutionMedianHours: z.number().nonnegative().nullable(),
  csat: z.object({ average: z.number().min(1).max(5).nullable(), responses: count }),
  slaBreaches: count,
  series: z.array(z.object({ at: isoDateTime, tickets: count, finished: count })),
  byStatus: z.array(z.object({ status: z.enum(TICKET_STATUS_VALUES), count })),
  byPriority: z.array(z.object({ priority: text(), count })),
  ratings: z.array(z.object({ score: z.number().int().min(1).max(5), count })),
  agents: z.array(
    z.object({
      staffId: z.number().int(),
      username: text(),
      finished: count,
      csatAverage: z.number().min(1).max(5).nullable(),
    }),
  ),
});
export type TicketAnalyticsWire = z.infer<typeof ticketAnalyticsSchema>;

/** The longest comment a rating carries. */
export const MAX_RATING_COMMENT = 2000;

/** POST /api/support/tickets/:id/rating body (issue 39): a score of 1 to 5 and an optional comment. */
export const ticketRatingInputSchema = z.strictObject({
  score: z.number().int().min(1).max(5),
  comment: text().trim().max(MAX_RATING_COMMENT).optional(),
});
export type TicketRatingInput = z.infer<typeof ticketRatingInputSchema>;

/** A ticket's satisfaction rating as the customer's chat shows it. */
export const ticketRatingSchema = z.object({
  score: z.number().int().min(1).max(5),
  comment: text().nullable(),
  createdAt: isoDateTime,
});
export type TicketRatingWire = z.infer<typeof ticketRatingSchema>;

/**
 * GET /api/support/tickets: the paged list style plus `search` (part of the title, email or category, any case)
 * and `status`. A blank search is no search.
 */
export const ticketListQuerySchema = pagedListQuerySchema.extend({
  search: text()
    .trim()
    .max(MAX_TICKET_SEARCH)
    .optional()
    .transform((text) => text || undefined),
  status: z.enum(TICKET_STATUS_VALUES).optional(),
  /** Only tickets carrying this label (issue 39). */
  label: text().trim().min(1).max(LIMITS.label).optional(),
  /** `breached`: only tickets past an SLA target (issue 39). */
  sla: z.enum(['breached']).optional(),
});
export type TicketListQuery = z.input<typeof ticketListQuerySchema>;

/**
 * The customer's chat page proves access with the key from its chatUrl's fragment, sent as this header: a key
 * in a URL would end up in logs and Referer headers, so the chat calls take no query at all (`?key=` is a 400).
 */
export const CHAT_KEY_HEADER = 'x-chat-key';
export const chatKeyHeadersSchema = z.object({ [CHAT_KEY_HEADER]: text().min(1).max(200) });
export const noQuerySchema = z.strictObject({});

/** A reconnecting event stream client names the last event it received; absent on a first connection. */
export const streamResumeHeadersSchema = z.object({
  'last-event-id': z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});

/** The recorder's uploads (issue 26); the size cap is MAX_ATTACHMENT_BYTES, a server setting. */
export { ATTACHMENT_CONTENT_TYPES };

/** The longest recording the recorder makes (spec 2 section 9: 300 seconds), with a margin for its own timer. */
export const MAX_RECORDING_SECONDS = 600;

/** POST /api/support/tickets/:id/attachments query: the recording's length as the recorder measured it. */
export const attachmentUploadQuerySchema = z.strictObject({
  durationSeconds: z.coerce.number().int().min(0).max(MAX_RECORDING_SECONDS).optional(),
});

export const attachmentParamsSchema = idParamsSchema.extend({
  attachmentId: z.coerce.number().int().positive(),
});
export const attachmentIdParamsSchema = z.object({ attachmentId: z.coerce.number().int().positive() });

/** GET /api/support/attachments/:attachmentId: the link's token; nothing else may ride in the URL. */
export const attachmentAccessQuerySchema = z.strictObject({ access: text().min(1).max(200) });

/** A link that opens one attachment for a while: put `url` in a <video> element's src as it is. */
export const attachmentLinkSchema = z.object({ url: text(), expiresAt: isoDateTime });
export type AttachmentLinkWire = z.infer<typeof attachmentLinkSchema>;

/** The staff remotes admit /support-tickets by the same rule the server enforces for status and delete. */
export { canViewSupportTickets, isStaffRole } from '../staff/roles.ts';

/** POST /api/test-email body (spec 1 sections 7 and 8). */
export const testEmailSchema = z.object({
  emailAddress: text()
    .trim()
    .min(1, { message: 'Please enter an email address' })
    .max(LIMITS.email)
    .pipe(z.email({ message: 'Please enter a valid email address' })),
  type: z.enum(TEST_EMAIL_TYPES).default('writeup'),
});
export type TestEmailInput = z.infer<typeof testEmailSchema>;

/**
 * GET /api/support/events: a stream cannot always send headers, so it opens with a single-use ticket from POST
 * /api/support/events/ticket. Strict, so the long-lived bearer token in `?token=` is refused (400).
 */
export const ticketEventsQuerySchema = z.strictObject({ ticket: text().min(1).max(200) });
export const streamTicketSchema = z.object({ ticket: z.string() });

/** A support ticket as the staff screens see it (spec 2 section 3). */
export const ticketSchema = z.object({
  id: z.number().int(),
  title: text(),
  description: text(),
  category: text().nullable(),
  priority: z.enum(TICKET_PRIORITIES),
  status: z.enum(TICKET_STATUS_VALUES),
  userEmail: text().nullable(),
  userName: text().nullable(),
  /** Staff id of the claimer; isLocked mirrors it. */
  claimedBy: z.number().int().nullable(),
  claimedByUsername: text().nullable(),
  claimedAt: isoDateTime.nullable(),
  isLocked: z.boolean(),
  /** Staff's labels (issue 39), in the order given. */
  labels: z.array(text()),
  /** The first staff reply the customer saw; null before it. */
  firstResponseAt: isoDateTime.nullable(),
  /** When an SLA target was first missed (flagged once); null while kept. */
  slaBreachedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Ticket = z.infer<typeof ticketSchema>;

/** A ticket's SLA clocks: a due time is null once its clock stopped (first reply given; resolved or closed). */
export const ticketSlaSchema = z.object({
  firstResponseDueAt: isoDateTime.nullable(),
  resolutionDueAt: isoDateTime.nullable(),
  breached: z.boolean(),
});

/** A ticket in the staff list and GET /api/support/tickets/:id: with its SLA clocks (issue 39). */
export const staffTicketSchema = ticketSchema.extend({ sla: ticketSlaSchema });
export type StaffTicket = z.infer<typeof staffTicketSchema>;

/** One priority's targets (issue 39). */
export const slaPolicySchema = z.strictObject({
  priority: z.enum(TICKET_PRIORITIES),
  firstResponseMinutes: z
    .number({ message: 'Enter a number of minutes' })
    .int({ message: 'Whole minutes' })
    .min(1, { message: 'At least 1 minute' })
    .max(LIMITS.slaFirstResponseMinutes, { message: `At most ${LIMITS.slaFirstResponseMinutes} minutes (a week)` }),
  resolutionHours: z
    .number({ message: 'Enter a number of hours' })
    .int({ message: 'Whole hours' })
    .min(1, { message: 'At least 1 hour' })
    .max(LIMITS.slaResolutionHours, { message: `At most ${LIMITS.slaResolutionHours} hours (90 days)` }),
});

/** GET and PUT /api/support/sla: exactly one policy per priority. */
export const slaPoliciesSchema = z.strictObject({
  policies: z
    .array(slaPolicySchema)
    .length(TICKET_PRIORITIES.length, { message: `One policy for each priority: ${TICKET_PRIORITIES.join(', ')}` })
    .superRefine((policies, context) => {
      policies.forEach((policy, index) => {
        if (policies.findIndex((other) => other.priority === policy.priority) !== index) {
          context.addIssue({ code: 'custom', path: [index, 'priority'], message: `${policy.priority} appears twice` });
        }
      });
    }),
});
export type SlaPoliciesWire = z.infer<typeof slaPoliciesSchema>;

export const SENDER_TYPES = ['staff', 'customer'] as const;

/** A file a message carries (a screen recording); its bytes come through an attachment link. */
export const ticketAttachmentSchema = z.object({
  id: z.number().int(),
  contentType: text(),
  size: z.number().int().nonnegative(),
  durationSeconds: z.number().int().nonnegative().nullable(),
});
export type TicketAttachmentWire = z.infer<typeof ticketAttachmentSchema>;

/** A chat message as staff see it. */
export const ticketMessageWireSchema = z.object({
  id: z.number().int(),
  ticketId: z.number().int(),
  staffUserId: z.number().int().nullable(),
  senderName: text(),
  senderType: z.enum(SENDER_TYPES),
  message: text(),
  attachment: ticketAttachmentSchema.nullable(),
  /** A private note: staff only (issue 39). */
  isPrivate: z.boolean(),
  createdAt: isoDateTime,
});
export type TicketMessageWire = z.infer<typeof ticketMessageWireSchema>;

/** A chat message as the customer sees it: without the staff member's id; notes never reach it. */
export const customerMessageSchema = ticketMessageWireSchema.omit({ staffUserId: true, isPrivate: true });
export type CustomerMessageWire = z.infer<typeof customerMessageSchema>;

/** GET /api/support/chat/:id: the ticket's public face and its messages. */
export const customerThreadSchema = z.object({
  ticket: ticketSchema.pick({ id: true, title: true, status: true, priority: true, createdAt: true, isLocked: true }),
  messages: z.array(customerMessageSchema),
  /** The customer's rating once given; a closed ticket without one asks for it. */
  rating: ticketRatingSchema.nullable(),
});
export type CustomerThreadWire = z.infer<typeof customerThreadSchema>;

/** The staff stream's events: each `data` is the whole event, `type` included. */
export const staffTicketEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('ticket.created'),
    data: z.object({ type: z.literal('ticket.created'), ticket: ticketSchema }),
  }),
  z.object({
    type: z.literal('ticket.updated'),
    data: z.object({ type: z.literal('ticket.updated'), ticket: ticketSchema }),
  }),
  z.object({
    type: z.literal('ticket.deleted'),
    data: z.object({ type: z.literal('ticket.deleted'), ticketId: z.number().int() }),
  }),
  z.object({
    type: z.literal('message.created'),
    data: z.object({
      type: z.literal('message.created'),
      ticketId: z.number().int(),
      message: ticketMessageWireSchema,
    }),
  }),
]);

/**
 * The customer chat stream's events, about its own ticket only; `thread` comes first on a fresh connection (and
 * when a reconnection's missed events were pruned), while a reconnection with Last-Event-ID gets what it missed.
 */
export const customerTicketEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('thread'), data: customerThreadSchema }),
  z.object({ type: z.literal('message.created'), data: customerMessageSchema }),
  z.object({
    type: z.literal('ticket.updated'),
    data: z.object({ id: z.number().int(), status: z.enum(TICKET_STATUS_VALUES), isLocked: z.boolean() }),
  }),
  z.object({ type: z.literal('ticket.deleted'), data: z.object({ ticketId: z.number().int() }) }),
]);

/** Spec 1 and 2 /api/support calls: public ticket forms, the staff ticket desk, the customer chat and both streams. */
export const supportEndpoints = {
  createPublicTicket: endpoint({
    method: 'POST',
    path: '/api/support/create-public',
    summary: "The landing page's help form; answers the chat page address",
    auth: 'public',
    body: publicTicketSchema,
    response: publicTicketCreatedSchema,
    successStatus: 201,
  }),
  findMyTicket: endpoint({
    method: 'POST',
    path: '/api/support/find-ticket',
    summary:
      'Mails the chat link of a ticket to the address it was filed with when the email and number match; the same answer either way',
    auth: 'public',
    body: findMyTicketSchema,
    response: z.object({ message: text() }),
    successStatus: 202,
    rateLimit:
      'SUPPORT_TICKET_MAX_PER_WINDOW per client address, shared with the ticket forms (SUPPORT.TOO_MANY_TICKETS)',
  }),
  readTicketAnalytics: endpoint({
    method: 'GET',
    path: '/api/support/analytics',
    summary:
      'Ticket figures of a range (24h, 7d, 30d, 90d): totals, median first response and resolution, CSAT, SLA breaches, chart series',
    auth: 'staff',
    query: ticketAnalyticsQuerySchema,
    response: ticketAnalyticsSchema,
  }),
  createPasswordResetTicket: endpoint({
    method: 'POST',
    path: '/api/support/tickets',
    summary: "The staff login page's password-reset request",
    auth: 'public',
    body: passwordResetTicketSchema,
    response: z.object({ id: z.number().int() }),
    successStatus: 201,
  }),
  listTickets: endpoint({
    method: 'GET',
    path: '/api/support/tickets',
    summary:
      'Tickets, newest first, a page at a time, optionally searched (title, email, category) and filtered by status',
    auth: { staff: 'tickets.read' },
    query: ticketListQuerySchema,
    response: z.array(staffTicketSchema),
    paged: true,
  }),
  getTicket: endpoint({
    method: 'GET',
    path: '/api/support/tickets/:id',
    summary: 'One ticket with its SLA clocks',
    auth: { staff: 'tickets.read' },
    params: idParamsSchema,
    response: staffTicketSchema,
  }),
  readSlaPolicies: endpoint({
    method: 'GET',
    path: '/api/support/sla',
    summary: "The desk's SLA targets, one policy per priority (defaults where none was set)",
    auth: { staff: 'tickets.read' },
    response: slaPoliciesSchema,
  }),
  replaceSlaPolicies: endpoint({
    method: 'PUT',
    path: '/api/support/sla',
    summary: 'Set the SLA targets (customer support directors and the platform owner)',
    auth: { staff: 'tickets.sla' },
    body: slaPoliciesSchema,
    response: slaPoliciesSchema,
  }),
  readThread: endpoint({
    method: 'GET',
    path: '/api/support/tickets/:id/messages',
    summary: "A ticket's chat, oldest first",
    auth: { staff: 'tickets.read' },
    params: idParamsSchema,
    response: z.array(ticketMessageWireSchema),
  }),
  postStaffMessage: endpoint({
    method: 'POST',
    path: '/api/support/tickets/:id/messages',
    summary: 'Answer in a ticket chat, or add a private note for staff (private: true)',
    auth: { staff: 'tickets.read' },
    params: idParamsSchema,
    body: staffMessageSchema,
    response: ticketMessageWireSchema,
    successStatus: 201,
  }),
  setTicketLabels: endpoint({
    method: 'PUT',
    path: '/api/support/tickets/:id/labels',
    summary: "Replace a ticket's labels (each up to 40 characters); the list filters by one with ?label=",
    auth: { staff: 'tickets.read' },
    params: idParamsSchema,
    body: ticketLabelsSchema,
    response: ticketSchema,
  }),
  listCannedResponses: endpoint({
    method: 'GET',
    path: '/api/support/canned-responses',
    summary: 'Canned responses by short code; the chat suggests them after /',
    auth: { staff: 'tickets.read' },
    response: z.array(cannedResponseSchema),
  }),
  createCannedResponse: endpoint({
    method: 'POST',
    path: '/api/support/canned-responses',
    summary:
      'A canned response; its body may hold {{customer.name}}, {{ticket.id}} and {{agent.name}} (409 for a short code in use)',
    auth: { staff: 'tickets.read' },
    body: cannedResponseInputSchema,
    response: cannedResponseSchema,
    successStatus: 201,
  }),
  updateCannedResponse: endpoint({
    method: 'PUT',
    path: '/api/support/canned-responses/:id',
    summary: "Replace a canned response's short code, title and body",
    auth: { staff: 'tickets.read' },
    params: idParamsSchema,
    body: cannedResponseInputSchema,
    response: cannedResponseSchema,
  }),
  deleteCannedResponse: endpoint({
    method: 'DELETE',
    path: '/api/support/canned-responses/:id',
    summary: 'Delete a canned response; replies posted with it keep their text',
    auth: { staff: 'tickets.read' },
    params: idParamsSchema,
    response: noContent,
    successStatus: 204,
  }),
  attachRecording: endpoint({
    method: 'POST',
    path: '/api/support/tickets/:id/attachments',
    summary:
      'Attach a screen recording (the raw WebM as the body, up to MAX_ATTACHMENT_BYTES) as a message of the chat',
    auth: { staff: 'tickets.read' },
    params: idParamsSchema,
    query: attachmentUploadQuerySchema,
    upload: ATTACHMENT_CONTENT_TYPES,
    response: ticketMessageWireSchema,
    successStatus: 201,
  }),
  issueStaffAttachmentLink: endpoint({
    method: 'POST',
    path: '/api/support/tickets/:id/attachments/:attachmentId/link',
    summary: "A link to one of the ticket's attachments, valid for ATTACHMENT_LINK_TTL_SECONDS",
    auth: { staff: 'tickets.read' },
    params: attachmentParamsSchema,
    response: attachmentLinkSchema,
  }),
  claimTicket: endpoint({
    method: 'POST',
    path: '/api/support/tickets/:id/claim',
    summary: 'Claim a ticket (locks its chat to the claimer)',
    auth: { staff: 'tickets.read' },
    params: idParamsSchema,
    response: ticketSchema,
  }),
  releaseTicket: endpoint({
    method: 'POST',
    path: '/api/support/tickets/:id/release',
    summary: "Release one's claim on a ticket",
    auth: { staff: 'tickets.read' },
    params: idParamsSchema,
    response: ticketSchema,
  }),
  changeTicketStatus: endpoint({
    method: 'PATCH',
    path: '/api/support/tickets/:id',
    summary: "Change a ticket's status",
    auth: 'staff',
    params: idParamsSchema,
    body: ticketStatusSchema,
    response: ticketSchema,
  }),
  deleteTicket: endpoint({
    method: 'DELETE',
    path: '/api/support/tickets/:id',
    summary: 'Delete a ticket and its chat',
    auth: 'staff',
    params: idParamsSchema,
    response: noContent,
    successStatus: 204,
  }),
  issueStreamTicket: endpoint({
    method: 'POST',
    path: '/api/support/events/ticket',
    summary: 'A single-use ticket, valid for a minute, that opens the staff event stream',
    auth: { staff: 'tickets.read' },
    response: streamTicketSchema,
  }),
  staffEvents: endpoint({
    method: 'GET',
    path: '/api/support/events',
    summary: 'Server-sent ticket and chat events for staff views (?ticket= from /events/ticket; Last-Event-ID resumes)',
    auth: 'staffStreamTicket',
    query: ticketEventsQuerySchema,
    response: staffTicketEventSchema,
    stream: true,
  }),
  readCustomerThread: endpoint({
    method: 'GET',
    path: '/api/support/chat/:id',
    summary: "The customer's chat page: the ticket and its messages",
    auth: 'chatKey',
    params: idParamsSchema,
    query: noQuerySchema,
    response: customerThreadSchema,
  }),
  postCustomerMessage: endpoint({
    method: 'POST',
    path: '/api/support/chat/:id/messages',
    summary: 'The customer writes in their ticket chat',
    auth: 'chatKey',
    params: idParamsSchema,
    query: noQuerySchema,
    body: ticketMessageSchema,
    response: customerMessageSchema,
    successStatus: 201,
  }),
  rateTicket: endpoint({
    method: 'POST',
    path: '/api/support/tickets/:id/rating',
    summary: 'The customer rates their closed ticket, 1 to 5 with an optional comment; once per ticket (409 after)',
    auth: 'chatKey',
    params: idParamsSchema,
    query: noQuerySchema,
    body: ticketRatingInputSchema,
    response: ticketRatingSchema,
    successStatus: 201,
  }),
  issueCustomerAttachmentLink: endpoint({
    method: 'POST',
    path: '/api/support/chat/:id/attachments/:attachmentId/link',
    summary: "The customer's link to an attachment of their ticket, valid for ATTACHMENT_LINK_TTL_SECONDS",
    auth: 'chatKey',
    params: attachmentParamsSchema,
    query: noQuerySchema,
    response: attachmentLinkSchema,
  }),
  openAttachment: endpoint({
    method: 'GET',
    path: '/api/support/attachments/:attachmentId',
    summary: "An attachment's bytes, opened by an attachment link's token; Range requests answer 206",
    auth: 'attachmentLink',
    params: attachmentIdParamsSchema,
    query: attachmentAccessQuerySchema,
    response: z.string(),
    file: true,
  }),
  chatEvents: endpoint({
    method: 'GET',
    path: '/api/support/chat/:id/events',
    summary: "Server-sent events of the customer's own ticket, starting with the whole thread (Last-Event-ID resumes)",
    auth: 'chatKey',
    params: idParamsSchema,
    query: noQuerySchema,
    response: customerTicketEventSchema,
    stream: true,
  }),
} as const;
