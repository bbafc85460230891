import { ContainerModule } from 'inversify';
import {
  AttachRecording,
  ChangeTicketStatus,
  AttachmentLinkMint,
  IssueCustomerAttachmentLink,
  IssueStaffAttachmentLink,
  OpenAttachment,
  ClaimTicket,
  CreatePasswordResetTicket,
  CreatePublicTicket,
  FindMyTicket,
  DeleteTicket,
  IssueStreamTicket,
  ListTickets,
  ReadTicketAnalytics,
  PostCustomerMessage,
  PostStaffMessage,
  GetTicket,
  NotifySlaBreaches,
  ReadSlaPolicies,
  ReplaceSlaPolicies,
  SetTicketLabels,
  ListCannedResponses,
  CreateCannedResponse,
  UpdateCannedResponse,
  DeleteCannedResponse,
  ReadCustomerThread,
  ReadThread,
  RedeemStreamTicket,
  ReleaseTicket,
  SendTestEmail,
  AutoAssignTicket,
  DigestTicketMail,
  RateTicket,
  ReceiveEmailReply,
  TicketMail,
  type TokenGenerator,
} from '@groupflow/core';
import { supportChatAddress } from '@groupflow/adapters/http/supportChatAddress';
import { CryptoTokenGenerator } from '@groupflow/adapters/crypto/CryptoTokenGenerator';
import { PostgresTicketEvents } from '@groupflow/adapters/events/PostgresTicketEvents';
import { supportRoutes } from '@groupflow/adapters/http/routes/supportRoutes';
import { testEmailRoutes } from '@groupflow/adapters/http/routes/testEmailRoutes';
import { MikroOrmTicketMessageRepository } from '@groupflow/adapters/persistence/support/MikroOrmTicketMessageRepository';
import { MikroOrmTicketRepository } from '@groupflow/adapters/persistence/support/MikroOrmTicketRepository';
import { MikroOrmTicketAnalytics } from '@groupflow/adapters/persistence/support/MikroOrmTicketAnalytics';
import { PostgresStreamTickets } from '@groupflow/adapters/persistence/support/PostgresStreamTickets';
import { PostgresAttachmentLinks } from '@groupflow/adapters/persistence/support/PostgresAttachmentLinks';
import { PostgresTicketAttachmentStore } from '@groupflow/adapters/persistence/support/PostgresTicketAttachmentStore';
import { AesGcmSecretBox } from '@groupflow/adapters/crypto/AesGcmSecretBox';
import { SmtpServerInboundMail } from '@groupflow/adapters/mail/SmtpServerInboundMail';
import { IntervalWork } from '@groupflow/adapters/jobs/IntervalWork';
import { PostgresSlaPolicies } from '@groupflow/adapters/persistence/support/PostgresSlaPolicies';
import { PostgresSupportDirectors } from '@groupflow/adapters/persistence/support/PostgresSupportDirectors';
import { PostgresChatReaders } from '@groupflow/adapters/persistence/support/PostgresChatReaders';
import { PostgresReplyTokens } from '@groupflow/adapters/persistence/support/PostgresReplyTokens';
import { PostgresSupportAgents } from '@groupflow/adapters/persistence/support/PostgresSupportAgents';
import { PostgresTicketMailbox } from '@groupflow/adapters/persistence/support/PostgresTicketMailbox';
import { PostgresTicketRatings } from '@groupflow/adapters/persistence/support/PostgresTicketRatings';
import { PostgresCannedResponses } from '@groupflow/adapters/persistence/support/PostgresCannedResponses';
import { loadSessionSecret } from '../sessionSecret.ts';
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

  // Issue 39's mail channel. Reply tokens are hex: a mail address may change case on the way back.
  const replyKeys = new CryptoTokenGenerator({ bytes: 20, encoding: 'hex' });
  bindFrom(
    bind,
    TOKENS.TicketMailbox,
    [TOKENS.Config, TOKENS.Orm],
    (config, o) => new PostgresTicketMailbox(o, new AesGcmSecretBox(loadSessionSecret(config), 'support-chat-keys')),
  );
  bindFrom(
    bind,
    TOKENS.TicketMail,
    [TOKENS.Config, TOKENS.Logger, TOKENS.Orm, TOKENS.Mailer, TOKENS.Clock, TOKENS.TicketMailbox],
    (config, logger, o, mailer, clock, mailbox) =>
      new TicketMail(mailer, mailbox, new PostgresReplyTokens(o), replyKeys, clock, {
        mailDomain: config.support.email.domain,
        replyTokenTtlMs: config.support.email.replyTokenTtlMs,
        chatAddressOf: supportChatAddress(config.publicUrl),
        onSendFailure: (err, ticketId) => logger.warn({ err, ticketId }, 'ticket mail could not be sent'),
      }),
  );
  bindFrom(
    bind,
    TOKENS.ChatReaders,
    [TOKENS.Config, TOKENS.Orm],
    (config, o) => new PostgresChatReaders(o, config.support.email.readerTtlMs),
  );
  bindFrom(
    bind,
    TOKENS.TicketMailDigest,
    [
      TOKENS.Config,
      TOKENS.TicketMailbox,
      TOKENS.TicketRepository,
      TOKENS.TicketMessageRepository,
      TOKENS.ChatReaders,
      TOKENS.TicketMail,
      TOKENS.Clock,
    ],
    (config, mailbox, tickets, messages, readers, mail, clock) =>
      new DigestTicketMail(tickets, messages, mailbox, readers, mail, clock, {
        intervalMs: config.support.email.digestMs,
        batch: config.support.email.batch,
      }),
  );
  bindFrom(
    bind,
    TOKENS.TicketMailDigestTimer,
    [TOKENS.Config, TOKENS.Logger, TOKENS.Orm, TOKENS.TicketMailDigest],
    (config, logger, o, digest) =>
      new IntervalWork(
        () => digest.execute(),
        o,
        config.support.email.checkMs,
        (err) => logger.error({ err }, 'ticket mail digest failed'),
      ),
  );
  bindFrom(
    bind,
    TOKENS.SlaBreachTimer,
    [TOKENS.Config, TOKENS.Logger, TOKENS.Orm, TOKENS.TicketRepository, TOKENS.Mailer, TOKENS.Clock],
    (config, logger, o, tickets, mailer, clock) => {
      const notify = new NotifySlaBreaches(
        tickets,
        new PostgresSlaPolicies(o),
        new PostgresSupportDirectors(o),
        mailer,
        clock,
        { batch: config.support.sla.batch, publicUrl: config.publicUrl },
      );
      return new IntervalWork(
        () => notify.execute(),
        o,
        config.support.sla.checkMs,
        (err) => logger.error({ err }, 'SLA breach check failed'),
      );
    },
  );
  bindFrom(
    bind,
    TOKENS.InboundMail,
    [
      TOKENS.Config,
      TOKENS.Logger,
      TOKENS.Orm,
      TOKENS.TicketRepository,
      TOKENS.TicketMessageRepository,
      TOKENS.TicketEvents,
      TOKENS.Clock,
      TOKENS.PostgresRateLimiters,
    ],
    (config, logger, o, tickets, messages, events, clock, limiters) => {
      const { email } = config.support;
      if (email.inbound === undefined) throw new Error('INBOUND_SMTP_PORT is not set');
      const receive = new ReceiveEmailReply(tickets, messages, new PostgresReplyTokens(o), replyKeys, events, clock, {
        mailDomain: email.domain,
        senderLimit: limiters.limiter('inbound-mail', {
          points: email.inboundLimit.max,
          windowMs: email.inboundLimit.windowMs,
        }),
      });
      return new SmtpServerInboundMail(receive, o, email.inbound, (err) =>
        logger.error({ err }, 'inbound ticket mail failed'),
      );
    },
  );

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
      TOKENS.TicketMail,
      TOKENS.ChatReaders,
      TOKENS.AuthenticateStaffSession,
    ],
    (
      config,
      authenticate,
      tickets,
      messages,
      events,
      limit,
      keys,
      activity,
      clock,
      streamTickets,
      orm,
      mail,
      chatReaders,
      session,
    ) => {
      const attachments = new PostgresTicketAttachmentStore(orm);
      const attachmentLinks = new PostgresAttachmentLinks(orm);
      const attachmentLinkMint = new AttachmentLinkMint(
        attachments,
        attachmentLinks,
        keys,
        clock,
        config.support.attachments.link,
      );
      const ratings = new PostgresTicketRatings(orm);
      const canned = new PostgresCannedResponses(orm);
      const slaPolicies = new PostgresSlaPolicies(orm);
      const autoAssign = new AutoAssignTicket(
        new PostgresSupportAgents(orm),
        tickets,
        activity,
        events,
        clock,
        config.support.autoAssign,
      );
      return supportRoutes(
        {
          authenticate,
          createPublicTicket: new CreatePublicTicket(tickets, messages, keys, events, clock, {
            chatAddressOf: supportChatAddress(config.publicUrl),
            limit,
            opened: async (ticket, key) => {
              await autoAssign.execute(ticket);
              await mail.opened(ticket, key);
            },
          }),
          findMyTicket: new FindMyTicket(tickets, mail, limit),
          createPasswordResetTicket: new CreatePasswordResetTicket(tickets, events, clock, limit),
          listTickets: new ListTickets(tickets, config.support.list, slaPolicies, clock),
          getTicket: new GetTicket(tickets, slaPolicies, clock),
          readSlaPolicies: new ReadSlaPolicies(slaPolicies),
          replaceSlaPolicies: new ReplaceSlaPolicies(slaPolicies),
          readTicketAnalytics: new ReadTicketAnalytics(new MikroOrmTicketAnalytics(orm), clock),
          claimTicket: new ClaimTicket(tickets, activity, events, clock),
          releaseTicket: new ReleaseTicket(tickets, activity, events, clock),
          changeTicketStatus: new ChangeTicketStatus(tickets, activity, events, clock, (ticket) => mail.closed(ticket)),
          deleteTicket: new DeleteTicket(tickets, activity, events),
          readThread: new ReadThread(tickets, messages),
          postStaffMessage: new PostStaffMessage(tickets, messages, events, clock, canned),
          readCustomerThread: new ReadCustomerThread(tickets, messages, keys, ratings),
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
          issueStaffAttachmentLink: new IssueStaffAttachmentLink(tickets, attachmentLinkMint),
          issueCustomerAttachmentLink: new IssueCustomerAttachmentLink(tickets, keys, attachmentLinkMint),
          openAttachment: new OpenAttachment(attachments, attachmentLinks, keys, clock),
          rateTicket: new RateTicket(tickets, ratings, keys, clock),
          setTicketLabels: new SetTicketLabels(tickets, events, clock),
          listCannedResponses: new ListCannedResponses(canned),
          createCannedResponse: new CreateCannedResponse(canned, clock),
          updateCannedResponse: new UpdateCannedResponse(canned, clock),
          deleteCannedResponse: new DeleteCannedResponse(canned),
        },
        events,
        config.support.stream,
        config.support.attachments,
        chatReaders,
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
