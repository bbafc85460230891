import type Router from '@koa/router';
import {
  isCustomerVisible,
  toCustomerMessage,
  type AttachmentLink,
  type AttachRecording,
  type AuthenticateStaff,
  type ChangeTicketStatus,
  type ClaimTicket,
  type CreateCannedResponse,
  type DeleteCannedResponse,
  type ListCannedResponses,
  type SetTicketLabels,
  type GetTicket,
  type ReadSlaPolicies,
  type ReplaceSlaPolicies,
  type UpdateCannedResponse,
  type CreatePasswordResetTicket,
  type CreatePublicTicket,
  type FindMyTicket,
  type DeleteTicket,
  type IssueCustomerAttachmentLink,
  type IssueStaffAttachmentLink,
  type IssueStreamTicket,
  type ListTickets,
  type OpenAttachment,
  type PostCustomerMessage,
  type PostStaffMessage,
  type ReadCustomerThread,
  type ReadThread,
  type RateTicket,
  type ReadTicketAnalytics,
  type RedeemStreamTicket,
  type ReleaseTicket,
  type TicketActor,
  type TicketEvent,
} from '@groupflow/core';
import { API } from '@groupflow/core/contracts';
import type { TicketEventFeed } from '../../events/PostgresTicketEvents.ts';
import type { PostgresChatReaders } from '../../persistence/support/PostgresChatReaders.ts';
import { clientAddressKey } from '../clientAddressKey.ts';
import { openEventStream, type EventStreamSettings } from '../eventStream.ts';
import { sendFile, uploadStream } from '../fileTransfer.ts';
import { apiRouter, route, type StaffCaller } from '../route.ts';

export interface SupportUseCases {
  authenticate: AuthenticateStaff;
  createPublicTicket: CreatePublicTicket;
  findMyTicket: FindMyTicket;
  createPasswordResetTicket: CreatePasswordResetTicket;
  listTickets: ListTickets;
  readTicketAnalytics: ReadTicketAnalytics;
  claimTicket: ClaimTicket;
  releaseTicket: ReleaseTicket;
  changeTicketStatus: ChangeTicketStatus;
  deleteTicket: DeleteTicket;
  readThread: ReadThread;
  postStaffMessage: PostStaffMessage;
  readCustomerThread: ReadCustomerThread;
  postCustomerMessage: PostCustomerMessage;
  issueStreamTicket: IssueStreamTicket;
  redeemStreamTicket: RedeemStreamTicket;
  attachRecording: AttachRecording;
  issueStaffAttachmentLink: IssueStaffAttachmentLink;
  issueCustomerAttachmentLink: IssueCustomerAttachmentLink;
  openAttachment: OpenAttachment;
  rateTicket: RateTicket;
  setTicketLabels: SetTicketLabels;
  getTicket: GetTicket;
  readSlaPolicies: ReadSlaPolicies;
  replaceSlaPolicies: ReplaceSlaPolicies;
  listCannedResponses: ListCannedResponses;
  createCannedResponse: CreateCannedResponse;
  updateCannedResponse: UpdateCannedResponse;
  deleteCannedResponse: DeleteCannedResponse;
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

function actor({ staff }: StaffCaller): TicketActor {
  return { id: staff.id, username: staff.username, role: staff.role };
}

/** What the customer's stream may see of an event on its own ticket; nothing of other tickets. */
function forCustomer(ticketId: number) {
  return (event: TicketEvent): unknown => {
    switch (event.type) {
      case 'message.created':
        return event.ticketId === ticketId && isCustomerVisible(event.message)
          ? toCustomerMessage(event.message)
          : null;
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

/** Spec 1 and 2 support calls, plus the customer chat calls and the two event streams. */
export function supportRoutes(
  useCases: SupportUseCases,
  events: TicketEventFeed,
  stream: EventStreamSettings,
  attachments: AttachmentRouteSettings,
  chatReaders: Pick<PostgresChatReaders, 'enter'>,
): Router {
  const router = apiRouter({
    authenticateStaff: useCases.authenticate,
    redeemStreamTicket: useCases.redeemStreamTicket,
  });

  route(router, API.support.createPublicTicket, ({ body, ctx }) =>
    useCases.createPublicTicket.execute(body, clientAddressKey(ctx.ip)),
  );
  route(router, API.support.findMyTicket, ({ body, ctx }) =>
    useCases.findMyTicket.execute(body, clientAddressKey(ctx.ip)),
  );
  // The staff login page's password-reset request: the one call on this path made without a token.
  route(router, API.support.createPasswordResetTicket, ({ body, ctx }) =>
    useCases.createPasswordResetTicket.execute(body, clientAddressKey(ctx.ip)),
  );
  route(router, API.support.listTickets, ({ caller, query }) => useCases.listTickets.execute(actor(caller), query));
  route(router, API.support.getTicket, ({ caller, params }) => useCases.getTicket.execute(actor(caller), params.id));
  route(router, API.support.readSlaPolicies, ({ caller }) => useCases.readSlaPolicies.execute(actor(caller)));
  route(router, API.support.replaceSlaPolicies, ({ caller, body }) =>
    useCases.replaceSlaPolicies.execute(actor(caller), body.policies),
  );
  route(router, API.support.readTicketAnalytics, ({ caller, query }) =>
    useCases.readTicketAnalytics.execute(actor(caller), query.range),
  );
  route(router, API.support.readThread, ({ caller, params }) => useCases.readThread.execute(actor(caller), params.id));
  route(router, API.support.postStaffMessage, ({ caller, params, body }) =>
    useCases.postStaffMessage.execute(
      actor(caller),
      params.id,
      // The contract lets exactly one of the two through.
      body.message !== undefined ? { message: body.message } : { cannedResponseId: body.cannedResponseId! },
      { isPrivate: body.private },
    ),
  );
  route(router, API.support.setTicketLabels, ({ caller, params, body }) =>
    useCases.setTicketLabels.execute(actor(caller), params.id, body.labels),
  );
  route(router, API.support.listCannedResponses, ({ caller }) => useCases.listCannedResponses.execute(actor(caller)));
  route(router, API.support.createCannedResponse, ({ caller, body }) =>
    useCases.createCannedResponse.execute(actor(caller), body),
  );
  route(router, API.support.updateCannedResponse, ({ caller, params, body }) =>
    useCases.updateCannedResponse.execute(actor(caller), params.id, body),
  );
  route(router, API.support.deleteCannedResponse, ({ caller, params }) =>
    useCases.deleteCannedResponse.execute(actor(caller), params.id),
  );
  route(router, API.support.attachRecording, ({ caller, params, query, ctx }) =>
    useCases.attachRecording.execute(actor(caller), params.id, {
      contentType: ctx.get('Content-Type'),
      content: uploadStream(ctx, attachments.maxBytes),
      durationSeconds: query.durationSeconds ?? null,
    }),
  );
  route(router, API.support.issueStaffAttachmentLink, async ({ caller, params }) =>
    linkAnswer(await useCases.issueStaffAttachmentLink.execute(actor(caller), params.id, params.attachmentId)),
  );
  route(router, API.support.openAttachment, async ({ caller, params, ctx }) => {
    const opened = await useCases.openAttachment.execute(params.attachmentId, caller.access);
    sendFile(ctx, opened.attachment, opened.read);
  });
  route(router, API.support.claimTicket, ({ caller, params }) =>
    useCases.claimTicket.execute(actor(caller), params.id),
  );
  route(router, API.support.releaseTicket, ({ caller, params }) =>
    useCases.releaseTicket.execute(actor(caller), params.id),
  );
  route(router, API.support.changeTicketStatus, ({ caller, params, body }) =>
    useCases.changeTicketStatus.execute(actor(caller), params.id, body.status),
  );
  route(router, API.support.deleteTicket, async ({ caller, params }) => {
    await useCases.deleteTicket.execute(actor(caller), params.id);
  });
  route(router, API.support.issueStreamTicket, ({ caller }) => useCases.issueStreamTicket.execute(caller.token));
  route(router, API.support.staffEvents, async ({ caller, ctx }) => {
    await openEventStream(ctx, events, (event) => event, stream, { stillAllowed: caller.grant.stillAllowed });
  });

  route(router, API.support.readCustomerThread, ({ caller, params }) =>
    useCases.readCustomerThread.execute(params.id, caller.chatKey),
  );
  route(router, API.support.postCustomerMessage, async ({ caller, params, body }) =>
    toCustomerMessage(await useCases.postCustomerMessage.execute(params.id, caller.chatKey, body.message)),
  );
  route(router, API.support.rateTicket, ({ caller, params, body }) =>
    useCases.rateTicket.execute(params.id, caller.chatKey, body),
  );
  route(router, API.support.issueCustomerAttachmentLink, async ({ caller, params }) =>
    linkAnswer(await useCases.issueCustomerAttachmentLink.execute(params.id, caller.chatKey, params.attachmentId)),
  );
  route(router, API.support.chatEvents, async ({ caller, params, ctx }) => {
    await openEventStream(ctx, events, forCustomer(params.id), stream, {
      ticketId: params.id,
      initial: async () => ({
        type: 'thread',
        data: await useCases.readCustomerThread.execute(params.id, caller.chatKey),
      }),
      // An open chat is the customer reading: ticket mail waits (DigestTicketMail).
      presence: () => chatReaders.enter(params.id),
    });
  });
  return router;
}
