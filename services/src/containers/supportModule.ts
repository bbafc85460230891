import { ContainerModule } from 'inversify';
import {
  AttachRecording,
  ChangeTicketStatus,
  IssueAttachmentLink,
  OpenAttachment,
  ClaimTicket,
  CreatePasswordResetTicket,
  CreatePublicTicket,
  DeleteTicket,
  IssueStreamTicket,
  ListTickets,
  ReadTicketAnalytics,
  PostCustomerMessage,
  PostStaffMessage,
  ReadCustomerThread,
  ReadThread,
  RedeemStreamTicket,
  ReleaseTicket,
  SendTestEmail,
  type TokenGenerator,
} from '@groupflow/core';
import { supportChatAddress } from '@groupflow/adapters/http/supportChatAddress';
import { CryptoTokenGenerator } from '@groupflow/adapters/crypto/CryptoTokenGenerator';
import { PostgresTicketEvents } from '@groupflow/adapters/events/PostgresTicketEvents';
import { supportRoutes } from '@groupflow/adapters/http/routes/supportRoutes';
import { testEmailRoutes } from '@groupflow/adapters/http/routes/testEmailRoutes';
import { MikroOrmTicketMessageRepository } from '@groupflow/adapters/persistence/tickets/MikroOrmTicketMessageRepository';
import { MikroOrmTicketRepository } from '@groupflow/adapters/persistence/tickets/MikroOrmTicketRepository';
import { MikroOrmTicketAnalytics } from '@groupflow/adapters/persistence/tickets/MikroOrmTicketAnalytics';
import { PostgresStreamTickets } from '@groupflow/adapters/persistence/tickets/PostgresStreamTickets';
import { PostgresAttachmentLinks } from '@groupflow/adapters/persistence/tickets/PostgresAttachmentLinks';
import { PostgresTicketAttachmentStore } from '@groupflow/adapters/persistence/tickets/PostgresTicketAttachmentStore';
import { bindFrom, TOKENS } from './tokens.ts';

export const supportModule = new ContainerModule(({ bind }) => {
  const orm = [TOKENS.Orm] as const;
  bindFrom(bind, TOKENS.TicketRepository, orm, (o) => new MikroOrmTicketRepository(o));
  bindFrom(bind, TOKENS.TicketMessageRepository, orm, (o) => new MikroOrmTicketMessageRepository(o));
  bindFrom(
    bind,
    TOKENS.TicketEvents,
    [TOKENS.Config, TOKENS.Orm, TOKENS.PostgresNotifications],
    (config, o, notifications) => new PostgresTicketEvents(o, notifications, config.support.events),
  );
  bindFrom(bind, TOKENS.StreamTickets, orm, (o) => new PostgresStreamTickets(o));
  bind<TokenGenerator>(TOKENS.TicketChatKeys).toConstantValue(new CryptoTokenGenerator());

  bindFrom(
    bind,
    TOKENS.Routers,
    [
      TOKENS.Config,
      TOKENS.AuthenticateStaff,
      TOKENS.TicketRepository,
      TOKENS.TicketMessageRepository,
      TOKENS.TicketEvents,
      TOKENS.SubmissionRateLimiter,
      TOKENS.TicketChatKeys,
      TOKENS.StaffActivityLog,
      TOKENS.Clock,
      TOKENS.StreamTickets,
      TOKENS.Orm,
      TOKENS.AuthenticateStaffSession,
    ],
    (config, authenticate, tickets, messages, events, limit, keys, activity, clock, streamTickets, orm, session) => {
      const attachments = new PostgresTicketAttachmentStore(orm);
      const attachmentLinks = new PostgresAttachmentLinks(orm);
      return supportRoutes(
        {
          authenticate,
          createPublic: new CreatePublicTicket(tickets, messages, keys, events, clock, {
            chatAddressOf: supportChatAddress(config.publicUrl),
            limit,
          }),
          createPasswordReset: new CreatePasswordResetTicket(tickets, events, clock, limit),
          list: new ListTickets(tickets, config.support.list),
          analytics: new ReadTicketAnalytics(new MikroOrmTicketAnalytics(orm), clock, config.support.analyticsDays),
          claim: new ClaimTicket(tickets, activity, events, clock),
          release: new ReleaseTicket(tickets, activity, events, clock),
          changeStatus: new ChangeTicketStatus(tickets, activity, events, clock),
          remove: new DeleteTicket(tickets, activity, events),
          readThread: new ReadThread(tickets, messages),
          postStaffMessage: new PostStaffMessage(tickets, messages, events, clock),
          readCustomerThread: new ReadCustomerThread(tickets, messages, keys),
          postCustomerMessage: new PostCustomerMessage(tickets, messages, keys, events, clock),
          issueStreamTicket: new IssueStreamTicket(
            authenticate,
            streamTickets,
            keys,
            clock,
            config.support.streamTicket,
          ),
          redeemStreamTicket: new RedeemStreamTicket(session, streamTickets, keys, clock),
          attachRecording: new AttachRecording(tickets, attachments, events, clock),
          issueAttachmentLink: new IssueAttachmentLink(
            tickets,
            attachments,
            attachmentLinks,
            keys,
            clock,
            config.support.attachments.link,
          ),
          openAttachment: new OpenAttachment(attachments, attachmentLinks, keys, clock),
        },
        events,
        config.support.stream,
        config.support.attachments,
      );
    },
  );

  bindFrom(
    bind,
    TOKENS.Routers,
    [TOKENS.AuthenticateStaff, TOKENS.Mailer, TOKENS.TestEmailRateLimiter],
    (authenticate, mailer, limit) => testEmailRoutes(authenticate, new SendTestEmail(mailer, limit)),
  );
});
