import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import {
  toCustomerMessage,
  type AttachmentLink,
  type AttachRecording,
  type AuthenticateStaff,
  type ChangeTicketStatus,
  type ClaimTicket,
  type CreatePasswordResetTicket,
  type CreatePublicTicket,
  type DeleteTicket,
  type IssueAttachmentLink,
  type IssueStreamTicket,
  type ListTickets,
  type OpenAttachment,
  type PostCustomerMessage,
  type PostStaffMessage,
  type ReadCustomerThread,
  type ReadThread,
  type ReadTicketAnalytics,
  type RedeemStreamTicket,
  type ReleaseTicket,
  type TicketActor,
  type TicketEvent,
} from '@groupflow/core';
import {
  CHAT_KEY_HEADER,
  chatKeyHeadersSchema,
  idParamsSchema as idParam,
  supportEndpoints as SUPPORT,
} from '@groupflow/core/contracts';
import type { TicketEventFeed } from '../../events/PostgresTicketEvents.ts';
import { bearerToken, currentStaff, staffAuth } from '../auth/staffAuth.ts';
import { openEventStream, type EventStreamSettings } from '../eventStream.ts';
import { readUpload, sendFile } from '../fileTransfer.ts';
import { answerPage } from '../paging.ts';
import { validate } from '../validate.ts';

export interface SupportUseCases {
  authenticate: AuthenticateStaff;
  createPublic: CreatePublicTicket;
  createPasswordReset: CreatePasswordResetTicket;
  list: ListTickets;
  analytics: ReadTicketAnalytics;
  claim: ClaimTicket;
  release: ReleaseTicket;
  changeStatus: ChangeTicketStatus;
  remove: DeleteTicket;
  readThread: ReadThread;
  postStaffMessage: PostStaffMessage;
  readCustomerThread: ReadCustomerThread;
  postCustomerMessage: PostCustomerMessage;
  issueStreamTicket: IssueStreamTicket;
  redeemStreamTicket: RedeemStreamTicket;
  attachRecording: AttachRecording;
  issueAttachmentLink: IssueAttachmentLink;
  openAttachment: OpenAttachment;
}

export interface AttachmentRouteSettings {
  /** MAX_ATTACHMENT_BYTES: an upload is refused with 413 once it passes this. */
  maxBytes: number;
}

/** The link as the screens use it: the address a <video> element loads, token included. */
const linkAnswer = (link: AttachmentLink) => ({
  url: `/api/support/attachments/${link.attachmentId}?access=${encodeURIComponent(link.token)}`,
  expiresAt: link.expiresAt,
});

/** The chat key from its header; the chat routes' query schema refuses one in the URL. */
function chatKey(ctx: Context): string {
  return validate(chatKeyHeadersSchema, ctx.headers)[CHAT_KEY_HEADER];
}

function actor(ctx: Context): TicketActor {
  const staff = currentStaff(ctx);
  return { id: staff.id, username: staff.username, role: staff.role };
}

/** What the customer's stream may see of an event on its own ticket; nothing of other tickets. */
function forCustomer(ticketId: number) {
  return (event: TicketEvent): unknown => {
    switch (event.type) {
      case 'message.created':
        return event.ticketId === ticketId ? toCustomerMessage(event.message) : null;
      case 'ticket.updated':
        return event.ticket.id === ticketId
          ? { id: event.ticket.id, status: event.ticket.status, isLocked: event.ticket.isLocked }
          : null;
      case 'ticket.deleted':
        return event.ticketId === ticketId ? { ticketId } : null;
      default:
        return null;
    }
  };
}

/** Spec 1 and 2 /api/support calls, plus the customer chat calls and the two event streams. */
export function supportRoutes(
  useCases: SupportUseCases,
  events: TicketEventFeed,
  stream: EventStreamSettings,
  attachments: AttachmentRouteSettings,
): Router {
  const router = new Router({ prefix: '/api/support' });
  const staff = staffAuth(useCases.authenticate);
  const noStore: Middleware = async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  };
  router.use(noStore);

  router.post('/create-public', async (ctx) => {
    ctx.status = 201;
    ctx.body = await useCases.createPublic.execute(validate(SUPPORT.createPublicTicket.body, ctx.request.body), ctx.ip);
  });

  // The staff login page's password-reset request: the one call on this path made without a token.
  router.post('/tickets', async (ctx) => {
    ctx.status = 201;
    ctx.body = await useCases.createPasswordReset.execute(
      validate(SUPPORT.createPasswordResetTicket.body, ctx.request.body),
      ctx.ip,
    );
  });

  router.get('/tickets', staff, async (ctx) => {
    answerPage(ctx, await useCases.list.execute(validate(SUPPORT.listTickets.query, ctx.query)));
  });

  router.get('/analytics', staff, async (ctx) => {
    ctx.body = await useCases.analytics.execute(actor(ctx));
  });

  router.get('/tickets/:id/messages', staff, async (ctx) => {
    ctx.body = await useCases.readThread.execute(validate(idParam, ctx.params).id);
  });

  router.post('/tickets/:id/messages', staff, async (ctx) => {
    const { id } = validate(idParam, ctx.params);
    const { message } = validate(SUPPORT.postMessage.body, ctx.request.body);
    ctx.status = 201;
    ctx.body = await useCases.postStaffMessage.execute(actor(ctx), id, message);
  });

  router.post('/tickets/:id/attachments', staff, async (ctx) => {
    const { id } = validate(SUPPORT.uploadAttachment.params, ctx.params);
    const { durationSeconds } = validate(SUPPORT.uploadAttachment.query, ctx.query);
    const contentType = ctx.get('Content-Type');
    const bytes = await readUpload(ctx, attachments.maxBytes);
    ctx.status = 201;
    ctx.body = await useCases.attachRecording.execute(actor(ctx), id, {
      contentType,
      bytes,
      durationSeconds: durationSeconds ?? null,
    });
  });

  router.post('/tickets/:id/attachments/:attachmentId/link', staff, async (ctx) => {
    const { id, attachmentId } = validate(SUPPORT.attachmentLink.params, ctx.params);
    ctx.body = linkAnswer(await useCases.issueAttachmentLink.forStaff(id, attachmentId));
  });

  // The link's token is the credential: a <video> element sends neither the bearer token nor the chat key.
  router.get('/attachments/:attachmentId', async (ctx) => {
    const { attachmentId } = validate(SUPPORT.readAttachment.params, ctx.params);
    const { access } = validate(SUPPORT.readAttachment.query, ctx.query);
    const opened = await useCases.openAttachment.execute(attachmentId, access);
    sendFile(ctx, opened.attachment, opened.read);
  });

  router.post('/tickets/:id/claim', staff, async (ctx) => {
    ctx.body = await useCases.claim.execute(actor(ctx), validate(idParam, ctx.params).id);
  });

  router.post('/tickets/:id/release', staff, async (ctx) => {
    ctx.body = await useCases.release.execute(actor(ctx), validate(idParam, ctx.params).id);
  });

  router.patch('/tickets/:id', staff, async (ctx) => {
    const { id } = validate(idParam, ctx.params);
    const { status } = validate(SUPPORT.changeTicketStatus.body, ctx.request.body);
    ctx.body = await useCases.changeStatus.execute(actor(ctx), id, status);
  });

  router.delete('/tickets/:id', staff, async (ctx) => {
    await useCases.remove.execute(actor(ctx), validate(idParam, ctx.params).id);
    ctx.status = 204;
  });

  router.post('/events/ticket', async (ctx) => {
    ctx.body = await useCases.issueStreamTicket.execute(bearerToken(ctx));
  });

  // The URL carries a single-use ticket, never the staff token: a URL lands in logs and browser history.
  router.get('/events', async (ctx) => {
    const { ticket } = validate(SUPPORT.staffEvents.query, ctx.query);
    const grant = await useCases.redeemStreamTicket.execute(ticket);
    await openEventStream(ctx, events, (event) => event, stream, { stillAllowed: grant.stillSignedIn });
  });

  router.get('/chat/:id', async (ctx) => {
    const { id } = validate(idParam, ctx.params);
    validate(SUPPORT.readChat.query, ctx.query);
    ctx.body = await useCases.readCustomerThread.execute(id, chatKey(ctx));
  });

  router.post('/chat/:id/messages', async (ctx) => {
    const { id } = validate(idParam, ctx.params);
    validate(SUPPORT.postChatMessage.query, ctx.query);
    const key = chatKey(ctx);
    const { message } = validate(SUPPORT.postChatMessage.body, ctx.request.body);
    ctx.status = 201;
    ctx.body = toCustomerMessage(await useCases.postCustomerMessage.execute(id, key, message));
  });

  router.post('/chat/:id/attachments/:attachmentId/link', async (ctx) => {
    const { id, attachmentId } = validate(SUPPORT.chatAttachmentLink.params, ctx.params);
    validate(SUPPORT.chatAttachmentLink.query, ctx.query);
    ctx.body = linkAnswer(await useCases.issueAttachmentLink.forCustomer(id, chatKey(ctx), attachmentId));
  });

  router.get('/chat/:id/events', async (ctx) => {
    const { id } = validate(idParam, ctx.params);
    validate(SUPPORT.chatEvents.query, ctx.query);
    const key = chatKey(ctx);
    await openEventStream(ctx, events, forCustomer(id), stream, {
      ticketId: id,
      initial: async () => ({ type: 'thread', data: await useCases.readCustomerThread.execute(id, key) }),
    });
  });

  return router;
}
