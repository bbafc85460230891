import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import {
  toCustomerMessage,
  type AuthenticateStaff,
  type ChangeTicketStatus,
  type ClaimTicket,
  type CreatePasswordResetTicket,
  type CreatePublicTicket,
  type DeleteTicket,
  type ListTickets,
  type PostCustomerMessage,
  type PostStaffMessage,
  type ReadCustomerThread,
  type ReadThread,
  type ReleaseTicket,
  type TicketActor,
  type TicketEvent,
} from '@groupflow/core';
import { idParamsSchema as idParam, supportEndpoints as SUPPORT } from '@groupflow/core/contracts';
import type { InProcessTicketEvents } from '../../events/InProcessTicketEvents.ts';
import { currentStaff, staffAuth } from '../auth/staffAuth.ts';
import { openEventStream, type EventStreamSettings } from '../eventStream.ts';
import { answerPage } from '../paging.ts';
import { validate } from '../validate.ts';

export interface SupportUseCases {
  authenticate: AuthenticateStaff;
  createPublic: CreatePublicTicket;
  createPasswordReset: CreatePasswordResetTicket;
  list: ListTickets;
  claim: ClaimTicket;
  release: ReleaseTicket;
  changeStatus: ChangeTicketStatus;
  remove: DeleteTicket;
  readThread: ReadThread;
  postStaffMessage: PostStaffMessage;
  readCustomerThread: ReadCustomerThread;
  postCustomerMessage: PostCustomerMessage;
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
export function supportRoutes(useCases: SupportUseCases, events: InProcessTicketEvents, stream: EventStreamSettings): Router {
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
    ctx.body = await useCases.createPasswordReset.execute(validate(SUPPORT.createPasswordResetTicket.body, ctx.request.body), ctx.ip);
  });

  router.get('/tickets', staff, async (ctx) => {
    answerPage(ctx, await useCases.list.execute(validate(SUPPORT.listTickets.query, ctx.query)));
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

  // EventSource cannot send an Authorization header, so the staff stream takes the same bearer token as
  // `?token=`. The request log records paths only, never query strings (requestLogger).
  router.get('/events', async (ctx) => {
    const { token } = validate(SUPPORT.staffEvents.query, ctx.query);
    await useCases.authenticate.execute(token);
    const stillSignedIn = () => useCases.authenticate.execute(token).then(() => true, () => false);
    openEventStream(ctx, events, (event) => event, stream, undefined, stillSignedIn);
  });

  router.get('/chat/:id', async (ctx) => {
    const { id } = validate(idParam, ctx.params);
    ctx.body = await useCases.readCustomerThread.execute(id, validate(SUPPORT.readChat.query, ctx.query).key);
  });

  router.post('/chat/:id/messages', async (ctx) => {
    const { id } = validate(idParam, ctx.params);
    const { key } = validate(SUPPORT.postChatMessage.query, ctx.query);
    const { message } = validate(SUPPORT.postChatMessage.body, ctx.request.body);
    ctx.status = 201;
    ctx.body = toCustomerMessage(await useCases.postCustomerMessage.execute(id, key, message));
  });

  router.get('/chat/:id/events', async (ctx) => {
    const { id } = validate(idParam, ctx.params);
    const thread = await useCases.readCustomerThread.execute(id, validate(SUPPORT.chatEvents.query, ctx.query).key);
    // The thread as of opening, so a page that reconnects after a drop catches up without a separate fetch.
    openEventStream(ctx, events, forCustomer(id), stream, { type: 'thread', data: thread });
  });

  return router;
}
