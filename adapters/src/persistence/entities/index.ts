import {
  Activity,
  Bot,
  Command,
  CustomerGuild,
  CustomerGuildFetch,
  CustomerSession,
  DiscordOAuthGrant,
  GuildVouch,
  RobloxClaim,
  User,
} from './customer.ts';
import { GroupMember, GroupRank, RobloxGroup } from './groups.ts';
import { ComplianceReport, LegalCase, LegalDocument, PolicyViolation } from './legal.ts';
import {
  BotCommandUsage,
  BotGuild,
  BotGuildDirectory,
  BotRoleProblem,
  BotShard,
  BotUptimeMinute,
  DiscordServerConfig,
} from './servers.ts';
import {
  ActivityReportReceipt,
  ActivitySession,
  GroupApplication,
  GroupTrainingSession,
  RobloxApiCache,
  RobloxVerificationCode,
} from './roblox.ts';
import { Incident } from './diagnostics.ts';
import {
  Announcement,
  HrAction,
  Notification,
  StaffMfaChallenge,
  StaffMfaRecoveryCode,
  StaffSession,
  StaffUser,
} from './staff.ts';
import {
  SupportAttachmentLink,
  SupportStreamTicket,
  SupportTicket,
  SupportTicketAttachment,
  SupportTicketAttachmentChunk,
  SupportTicketEvent,
  SupportTicketMessage,
} from './support.ts';
import {
  SupportAgentAssignment,
  SupportCannedResponse,
  SupportChatReader,
  SupportSlaPolicy,
  SupportReplyToken,
  SupportTicketMail,
  SupportTicketRating,
} from './supportDesk.ts';
import { RateLimitCounter } from './limits.ts';
import { ServerSyncRun } from './serverSync.ts';
import {
  GroupDocument,
  GroupOpenCloudKey,
  GroupQuota,
  GroupRankChange,
  GroupSessionSignup,
  GroupTimeOff,
} from './workspace.ts';

export * from './customer.ts';
export * from './diagnostics.ts';
export * from './groups.ts';
export * from './legal.ts';
export * from './limits.ts';
export * from './roblox.ts';
export * from './servers.ts';
export * from './serverSync.ts';
export * from './staff.ts';
export * from './support.ts';
export * from './supportDesk.ts';
export * from './workspace.ts';

/** Every table of spec 3 section 3, plus the customer session store. */
/** Every table of spec 3 section 3, plus staff sessions and the shared rate-limit counters. */
export const entities = [
  User,
  Bot,
  Command,
  Activity,
  DiscordServerConfig,
  BotShard,
  BotUptimeMinute,
  BotGuild,
  BotCommandUsage,
  BotRoleProblem,
  BotGuildDirectory,
  RobloxGroup,
  GroupMember,
  GroupRank,
  StaffUser,
  StaffSession,
  StaffMfaRecoveryCode,
  StaffMfaChallenge,
  RateLimitCounter,
  SupportTicket,
  SupportTicketMessage,
  SupportTicketEvent,
  SupportStreamTicket,
  SupportTicketAttachment,
  SupportTicketAttachmentChunk,
  SupportAttachmentLink,
  SupportTicketMail,
  SupportReplyToken,
  SupportChatReader,
  SupportTicketRating,
  SupportAgentAssignment,
  SupportCannedResponse,
  SupportSlaPolicy,
  LegalCase,
  LegalDocument,
  ComplianceReport,
  PolicyViolation,
  HrAction,
  Notification,
  Announcement,
  CustomerSession,
  Incident,
  DiscordOAuthGrant,
  CustomerGuild,
  RobloxApiCache,
  RobloxVerificationCode,
  ActivitySession,
  ActivityReportReceipt,
  GroupApplication,
  GroupTrainingSession,
  CustomerGuildFetch,
  GuildVouch,
  RobloxClaim,
  ServerSyncRun,
  GroupOpenCloudKey,
  GroupRankChange,
  GroupQuota,
  GroupTimeOff,
  GroupSessionSignup,
  GroupDocument,
];
