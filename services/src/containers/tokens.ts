/**
 * Every inversify service identifier of every composition root, in one registry keyed by name with the type bound
 * to it: modules bind and tests resolve through it (`resolve(container, TOKENS.PgBossJobs)`), so one name is one
 * token. A token's Symbol.for description is its key (tokens.unit.test.ts fails on a second one, or on a token
 * declared outside this file).
 */
import type { BindInWhenOnFluentSyntax, ContainerModuleLoadOptions } from 'inversify';
import type { Config } from '../config.ts';
import type { GroupAccess } from './groupAccess.ts';
import type { WorkspaceUseCases } from './workspaceUseCases.ts';
import type { DiscordJsBot } from '@groupflow/adapters/discord/DiscordJsBot';
import type { DiscordJsGuilds } from '@groupflow/adapters/discord/DiscordJsGuilds';
import type { PostgresTicketEvents } from '@groupflow/adapters/events/PostgresTicketEvents';
import type { SmtpServerInboundMail } from '@groupflow/adapters/mail/SmtpServerInboundMail';
import type { IntervalWork } from '@groupflow/adapters/jobs/IntervalWork';
import type { PostgresChatReaders } from '@groupflow/adapters/persistence/support/PostgresChatReaders';
import type { MemoizedCookieSigner } from '@groupflow/adapters/http/auth/MemoizedCookieSigner';
import type { FastRoute } from '@groupflow/adapters/http/fastRoutes';
import type { InMemoryRequestMetrics } from '@groupflow/adapters/http/metrics/InMemoryRequestMetrics';
import type { PgBossAutoPromotion } from '@groupflow/adapters/jobs/PgBossAutoPromotion';
import type { PgBossQuotaBehind } from '@groupflow/adapters/jobs/PgBossQuotaBehind';
import type { PgBossOpenCloudKeyLapse } from '@groupflow/adapters/jobs/PgBossOpenCloudKeyLapse';
import type {
  PgBossSessionNoticeQueues,
  PgBossSessionPostWorker,
  PgBossSessionReminderWorker,
} from '@groupflow/adapters/jobs/PgBossSessionNotices';
import type { PgBossJobs } from '@groupflow/adapters/jobs/PgBossJobs';
import type { PgBossRoleSyncWorker } from '@groupflow/adapters/jobs/PgBossRoleSyncQueue';
import type { PgBossServerSyncQueue, PgBossServerSyncWorker } from '@groupflow/adapters/jobs/PgBossServerSyncQueue';
import type { PostgresSessionStore } from '@groupflow/adapters/persistence/customer/PostgresSessionStore';
import type { Orm } from '@groupflow/adapters/persistence/database';
import type { PostgresMemberSyncLocks } from '@groupflow/adapters/persistence/discord/PostgresMemberSyncLocks';
import type { PostgresRateLimiters } from '@groupflow/adapters/limits/PostgresRateLimiters';
import type { InvalidatedCache } from '@groupflow/adapters/persistence/notifications/InvalidatedCache';
import type { PostgresNotifications } from '@groupflow/adapters/persistence/notifications/PostgresNotifications';
import type { PostgresCustomerTabs } from '@groupflow/adapters/events/PostgresCustomerTabs';
import type { PostgresRobloxCache } from '@groupflow/adapters/roblox/PostgresRobloxCache';
import type { RobloxApi } from '@groupflow/adapters/roblox/RobloxApi';
import type { RobloxWebUsers } from '@groupflow/adapters/roblox/RobloxWebAdapters';
import type {
  AuthenticateStaff,
  AuthenticateStaffSession,
  BotInstallations,
  BotState,
  CheckHealth,
  Clock,
  Customer,
  CustomerDiscordGuilds,
  CustomerGuildLists,
  CustomerRepository,
  DatabaseProbe,
  DiscordGrants,
  EnsureFirstOwner,
  GetCurrentCustomer,
  GetSystemStatus,
  GuildDirectory,
  HandleCommand,
  HrActionRepository,
  LoginThrottles,
  Mailer,
  DigestTicketMail,
  TicketMail,
  TicketMailbox,
  PasswordHasher,
  ProbedHealth,
  ProvisionStaffMember,
  RateLimiter,
  RefundableRateLimiter,
  RememberDiscordGrant,
  RobloxGroups,
  RobloxMemberships,
  RobloxInventory,
  RobloxProfileReader,
  RobloxThumbnails,
  RobloxUserSearch,
  RobloxUsers,
  RoleProblemLog,
  RoleSyncQueue,
  ServerConfigs,
  ServerSyncRuns,
  ServiceCheck,
  ServiceMonitor,
  StaffActivityLog,
  StaffMfa,
  StaffMfaChallenges,
  StaffRepository,
  StaffSessions,
  StreamTickets,
  SyncMemberRoles,
  TemporaryPasswords,
  TicketMessageRepository,
  TicketRepository,
  TokenGenerator,
  TotpCodes,
  Transaction,
  TriggerServerSync,
  TrustedDevices,
} from '@groupflow/core';
import type Router from '@koa/router';
import type { Client } from 'discord.js';
import type Koa from 'koa';
import type { Logger } from 'pino';
import type { Container } from 'inversify';

declare const bound: unique symbol;
/** A service identifier that carries the type bound to it (a Symbol.for at run time). */
export type Token<T> = symbol & { readonly [bound]?: T };
const token = <T>(name: string): Token<T> => Symbol.for(name) as Token<T>;

export const TOKENS = {
  // Shared by every composition root
  Config: token<Config>('Config'),
  Logger: token<Logger>('Logger'),
  Orm: token<Orm>('Orm'),
  Clock: token<Clock>('Clock'),
  DatabaseProbe: token<DatabaseProbe>('DatabaseProbe'),
  CheckHealth: token<CheckHealth>('CheckHealth'),
  GetSystemStatus: token<GetSystemStatus>('GetSystemStatus'),
  /** Middleware answered before logging, sessions and the request context (adapters/http/createHttpApp). */
  FastRoutes: token<FastRoute>('FastRoutes'),
  Routers: token<Router>('Routers'),
  /** Bound by the staff module; other areas' routers give it to their guard table (adapters/http/route.ts). */
  AuthenticateStaff: token<AuthenticateStaff>('AuthenticateStaff'),
  /** The same checks for a holder of the session's hash only (the support event stream's ticket). */
  AuthenticateStaffSession: token<AuthenticateStaffSession>('AuthenticateStaffSession'),
  HttpApp: token<Koa>('HttpApp'),
  Mailer: token<Mailer>('Mailer'),
  Transaction: token<Transaction>('Transaction'),
  /** Bound by the staff module; every area records its staff-side changes here. */
  StaffActivityLog: token<StaffActivityLog>('StaffActivityLog'),
  // Customers
  CustomerRepository: token<CustomerRepository>('CustomerRepository'),
  /** The per-process copy of customers read by id; staff changes to an account drop it here at once. */
  CustomerCache: token<InvalidatedCache<Customer>>('CustomerCache'),
  /** Built once: every area's routes answer /api/user's questions through the same one. */
  GetCurrentCustomer: token<GetCurrentCustomer>('GetCurrentCustomer'),
  /** Signed-in customers' open tabs on every API process: a ban tells them they were signed out. */
  CustomerTabs: token<PostgresCustomerTabs>('CustomerTabs'),
  // Customer sessions
  PostgresNotifications: token<PostgresNotifications>('PostgresNotifications'),
  CustomerSessionStore: token<PostgresSessionStore>('CustomerSessionStore'),
  CookieSigner: token<MemoizedCookieSigner>('CookieSigner'),
  // Staff
  StaffRepository: token<StaffRepository>('StaffRepository'),
  StaffSessions: token<StaffSessions>('StaffSessions'),
  PasswordHasher: token<PasswordHasher>('PasswordHasher'),
  TokenGenerator: token<TokenGenerator>('TokenGenerator'),
  TemporaryPasswords: token<TemporaryPasswords>('TemporaryPasswords'),
  HrActionRepository: token<HrActionRepository>('HrActionRepository'),
  ProvisionStaffMember: token<ProvisionStaffMember>('ProvisionStaffMember'),
  EnsureFirstOwner: token<EnsureFirstOwner>('EnsureFirstOwner'),
  StaffMfa: token<StaffMfa>('StaffMfa'),
  StaffMfaChallenges: token<StaffMfaChallenges>('StaffMfaChallenges'),
  TotpCodes: token<TotpCodes>('TotpCodes'),
  TrustedDevices: token<TrustedDevices>('TrustedDevices'),
  // Support
  TicketRepository: token<TicketRepository>('TicketRepository'),
  TicketMessageRepository: token<TicketMessageRepository>('TicketMessageRepository'),
  /** * One per container, holding the process's one LISTEN connection: every request publishes through it and every open stream listens on it. startApi starts and stops it. */
  TicketEvents: token<PostgresTicketEvents>('TicketEvents'),
  StreamTickets: token<StreamTickets>('StreamTickets'),
  TicketChatKeys: token<TokenGenerator>('TicketChatKeys'),
  /** Issue 39's mail channel: the mail writer, the reply digest and its timer, inbound SMTP, open chats. */
  TicketMail: token<TicketMail>('TicketMail'),
  TicketMailbox: token<TicketMailbox>('TicketMailbox'),
  TicketMailDigest: token<DigestTicketMail>('TicketMailDigest'),
  TicketMailDigestTimer: token<IntervalWork>('TicketMailDigestTimer'),
  SlaBreachTimer: token<IntervalWork>('SlaBreachTimer'),
  InboundMail: token<SmtpServerInboundMail>('InboundMail'),
  ChatReaders: token<PostgresChatReaders>('ChatReaders'),
  // Diagnostics
  ProbedHealth: token<ProbedHealth>('ProbedHealth'),
  RequestMetrics: token<InMemoryRequestMetrics>('RequestMetrics'),
  ServiceMonitor: token<ServiceMonitor>('ServiceMonitor'),
  /** * The services of the status page. The Discord bot and Roblox entries read what exists today (the bots table's heartbeat, a reachability GET); rebind them to the bot's gateway state and the Roblox client once those areas land. */
  ServiceChecks: token<ServiceCheck[]>('ServiceChecks'),
  // Rate limits
  PostgresRateLimiters: token<PostgresRateLimiters>('PostgresRateLimiters'),
  /** Both API-wide limits per client address, the minute and the burst one. */
  ApiRateLimiters: token<RateLimiter[]>('ApiRateLimiters'),
  LoginThrottles: token<LoginThrottles>('LoginThrottles'),
  /** Public tickets and password-reset requests per client address. */
  SubmissionRateLimiter: token<RateLimiter>('SubmissionRateLimiter'),
  TestEmailRateLimiter: token<RateLimiter>('TestEmailRateLimiter'),
  /** Roblox profile-code checks per customer (each reads the profile past our cache). */
  RobloxVerifyCodeRateLimiter: token<RateLimiter>('RobloxVerifyCodeRateLimiter'),
  /** Roblox user searches per customer. */
  RobloxUserSearchRateLimiter: token<RateLimiter>('RobloxUserSearchRateLimiter'),
  /** Server-wide role syncs begun per Discord server and hour. */
  ServerSyncStartLimiter: token<RefundableRateLimiter>('ServerSyncStartLimiter'),
  // Jobs (pg-boss)
  PgBossJobs: token<PgBossJobs>('PgBossJobs'),
  RoleSyncQueue: token<RoleSyncQueue>('RoleSyncQueue'),
  ServerSyncQueue: token<PgBossServerSyncQueue>('ServerSyncQueue'),
  TriggerServerSync: token<TriggerServerSync>('TriggerServerSync'),
  SessionNoticeQueues: token<PgBossSessionNoticeQueues>('SessionNoticeQueues'),
  // Discord state shared by the bot and the API
  BotState: token<BotState>('BotState'),
  ServerConfigs: token<ServerConfigs>('ServerConfigs'),
  RoleProblemLog: token<RoleProblemLog>('RoleProblemLog'),
  GuildDirectory: token<GuildDirectory>('GuildDirectory'),
  ServerSyncRuns: token<ServerSyncRuns>('ServerSyncRuns'),
  // Customers' Discord servers
  DiscordGrants: token<DiscordGrants>('DiscordGrants'),
  CustomerGuildLists: token<CustomerGuildLists>('CustomerGuildLists'),
  /** One per container: it keeps the in-flight Discord calls per customer. */
  CustomerDiscordGuilds: token<CustomerDiscordGuilds>('CustomerDiscordGuilds'),
  BotInstallations: token<BotInstallations>('BotInstallations'),
  RememberDiscordGrant: token<RememberDiscordGrant>('RememberDiscordGrant'),
  // The bot process
  DiscordClient: token<Client>('DiscordClient'),
  DiscordGuilds: token<DiscordJsGuilds>('DiscordGuilds'),
  SyncMemberRoles: token<SyncMemberRoles>('SyncMemberRoles'),
  MemberSyncLocks: token<PostgresMemberSyncLocks>('MemberSyncLocks'),
  HandleCommand: token<HandleCommand>('HandleCommand'),
  DiscordJsBot: token<DiscordJsBot>('DiscordJsBot'),
  RoleSyncWorker: token<PgBossRoleSyncWorker>('RoleSyncWorker'),
  ServerSyncWorker: token<PgBossServerSyncWorker>('ServerSyncWorker'),
  SessionPostWorker: token<PgBossSessionPostWorker>('SessionPostWorker'),
  // Roblox ports
  RobloxApi: token<RobloxApi>('RobloxApi'),
  RobloxCache: token<PostgresRobloxCache>('RobloxCache'),
  RobloxWebUsers: token<RobloxWebUsers>('RobloxWebUsers'),
  RobloxUsers: token<RobloxUsers>('RobloxUsers'),
  RobloxUserSearch: token<RobloxUserSearch>('RobloxUserSearch'),
  RobloxGroups: token<RobloxGroups>('RobloxGroups'),
  RobloxMemberships: token<RobloxMemberships>('RobloxMemberships'),
  RobloxInventory: token<RobloxInventory>('RobloxInventory'),
  RobloxThumbnails: token<RobloxThumbnails>('RobloxThumbnails'),
  RobloxProfileReader: token<RobloxProfileReader>('RobloxProfileReader'),
  // Group workspace
  /** The connected groups and the access rule over them (its rank cache one per process), for the Roblox area and its workspace. */
  GroupAccess: token<GroupAccess>('GroupAccess'),
  WorkspaceUseCases: token<WorkspaceUseCases>('WorkspaceUseCases'),
  WorkspaceAutoPromotion: token<PgBossAutoPromotion>('WorkspaceAutoPromotion'),
  WorkspaceSessionReminders: token<PgBossSessionReminderWorker>('WorkspaceSessionReminders'),
  WorkspaceQuotaBehind: token<PgBossQuotaBehind>('WorkspaceQuotaBehind'),
  WorkspaceOpenCloudKeyLapse: token<PgBossOpenCloudKeyLapse>('WorkspaceOpenCloudKeyLapse'),
} as const;

export type TokenName = keyof typeof TOKENS;
/** The type bound to a token. */
export type Bound<K> = K extends Token<infer T> ? T : never;

/** The one service bound to a token, typed by the registry. */
export const resolve = <T>(container: Container, id: Token<T>): T => container.get<T>(id);
/** Every service bound to a multi-bound token (routers, fast routes). */
export const resolveAll = <T>(container: Container, id: Token<T>): T[] => container.getAll<T>(id);

/** A dependency: a token, or all values bound to it (`isMultiple`), or its value when bound (`optional`). */
type Dependency =
  | Token<unknown>
  | { serviceIdentifier: Token<unknown>; isMultiple: true; optional?: boolean }
  | { serviceIdentifier: Token<unknown>; optional: true };

type ValueOf<D> =
  D extends Token<infer T>
    ? T
    : D extends { serviceIdentifier: Token<infer T>; isMultiple: true }
      ? D extends { optional: true }
        ? T[] | undefined
        : T[]
      : D extends { serviceIdentifier: Token<infer T>; optional: true }
        ? T | undefined
        : never;

/** The values bound to these dependencies, in order. */
type BoundValues<D extends readonly Dependency[]> = { [K in keyof D]: ValueOf<D[K]> };

/**
 * Binds `token` to what `make` builds from the values bound to `deps`, each parameter typed by its token, so a
 * parameter list that disagrees with its tokens (two swapped, one missing) fails to compile instead of at start-up.
 */
export function bindFrom<T, const D extends readonly Dependency[]>(
  bind: ContainerModuleLoadOptions['bind'],
  token: Token<T>,
  deps: D,
  make: (...values: BoundValues<D>) => T,
): BindInWhenOnFluentSyntax<T> {
  return bind<T>(token).toResolvedValue((...values: unknown[]) => make(...(values as BoundValues<D>)), [...deps]);
}
