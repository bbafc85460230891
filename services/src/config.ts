import { z } from 'zod';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AREAS, STAFF_ROLES, type Area, type StaffRole } from '@groupflow/core/contracts';
import { AUTO_ASSIGN_MODES, type AutoAssignMode } from '@groupflow/core';
import type {
  ActivityListSettings,
  CustomerSessionLifetimeSettings,
  LegalListSettings,
  ListLimits,
  ServerSyncSettings,
  MfaPolicy,
  StaffAuthSettings,
  StaffMfaLoginSettings,
} from '@groupflow/core';
import {
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_POOL_ACQUIRE_TIMEOUT_MS,
  DEFAULT_POOL_MAX,
} from '@groupflow/adapters/persistence/databaseUnavailable';
import type { MailTransport } from '@groupflow/adapters/mail/NodemailerMailer';
import type { PgBossSettings } from '@groupflow/adapters/jobs/PgBossJobs';
import type { RoleSyncJobSettings } from '@groupflow/adapters/jobs/PgBossRoleSyncQueue';
import type { ServerSyncJobSettings } from '@groupflow/adapters/jobs/PgBossServerSyncQueue';
import type { RobloxApiSettings } from '@groupflow/adapters/roblox/RobloxApi';
import type { RobloxCacheSettings } from '@groupflow/adapters/roblox/PostgresRobloxCache';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const port = z.coerce.number().int().min(0).max(65535);
/** Heartbeats a chat stream may miss before its customer no longer counts as reading (a process that died). */
const CHAT_READER_HEARTBEATS = 3;
const positiveInt = z.coerce.number().int().positive();
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined));

/** The configuration contract of docs/configuration.md; every variable is optional for the embedded default. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(5000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: optionalText,
  DATABASE_URL: optionalText,
  DATABASE_CONNECT_TIMEOUT_MS: positiveInt.default(DEFAULT_CONNECT_TIMEOUT_MS),
  DATABASE_POOL_MAX: positiveInt.default(DEFAULT_POOL_MAX),
  DATABASE_POOL_ACQUIRE_TIMEOUT_MS: positiveInt.default(DEFAULT_POOL_ACQUIRE_TIMEOUT_MS),
  MIGRATE_ON_START: z.stringbool().optional(),
  DATA_DIR: z.string().default('.data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.stringbool().default(false),
  TRUSTED_PROXY_COUNT: positiveInt.optional(),
  BODY_LIMIT: z.string().default('100kb'),
  HEALTH_DB_TIMEOUT_MS: positiveInt.default(1500),
  HEALTH_PROBE_INTERVAL_MS: positiveInt.default(1000),
  STATUS_CHECK_INTERVAL_MS: positiveInt.default(30_000),
  STATUS_CHECK_TIMEOUT_MS: positiveInt.default(5000),
  STATUS_INCIDENTS_SHOWN: positiveInt.default(10),
  STATUS_API_DEGRADED_BELOW_PERCENT: z.coerce.number().min(0).max(100).default(95),
  METRICS_WINDOW_MINUTES: positiveInt.default(60),
  REMOTE_CUSTOMER_URL: optionalText,
  REMOTE_STAFF_URL: optionalText,
  REMOTE_LEGAL_URL: optionalText,
  WEB_ROOT: z.string().default(REPO_ROOT),
  REMOTE_MANIFEST_REFRESH_SECONDS: positiveInt.default(30),
  REMOTE_MANIFEST_TIMEOUT_MS: positiveInt.default(2000),
  COMPRESS_THRESHOLD_BYTES: z.coerce.number().int().min(0).default(1024),
  SESSION_SECRET: optionalText,
  SESSION_IDLE_TIMEOUT_MINUTES: positiveInt.default(30),
  SESSION_MAX_AGE_DAYS: positiveInt.default(7),
  SESSION_PRE_SIGN_IN_MINUTES: positiveInt.default(10),
  SESSION_TOUCH_INTERVAL_SECONDS: positiveInt.default(60),
  SESSION_SWEEP_SECONDS: positiveInt.default(60),
  SESSION_CACHE_SECONDS: positiveInt.default(5),
  SESSION_CACHE_MAX_ENTRIES: positiveInt.default(10_000),
  SESSION_LISTEN_RETRY_MS: positiveInt.default(1000),
  DISCORD_CLIENT_ID: optionalText,
  DISCORD_CLIENT_SECRET: optionalText,
  DISCORD_BASE_URL: optionalText,
  DISCORD_BOT_TOKEN: optionalText,
  SMOKE_DISCORD_GUILD_ID: optionalText,
  DISCORD_BOT_ONLINE_WINDOW_MS: positiveInt.default(30_000),
  DISCORD_GUILDS_CACHE_SECONDS: positiveInt.default(60),
  DISCORD_TOKEN_REFRESH_MARGIN_SECONDS: positiveInt.default(300),
  DISCORD_MEMBER_LIST_LIMIT: positiveInt.default(500),
  BOT_HEARTBEAT_MS: positiveInt.default(10_000),
  BOT_WAIT_GUILD_TIMEOUT_MS: positiveInt.default(15_000),
  BOT_EVENT_CONCURRENCY: positiveInt.default(4),
  BOT_SHARDS: positiveInt.default(1),
  DISCORD_REST_OFFSET_MS: z.coerce.number().int().min(0).default(10),
  BOT_SHARD_IDS: optionalText,
  ROLE_SYNC_WORKERS: positiveInt.default(4),
  ROLE_SYNC_PER_GUILD_CONCURRENCY: positiveInt.default(2),
  ROLE_SYNC_BATCH_SIZE: positiveInt.default(20),
  ROLE_SYNC_RETRY_LIMIT: z.coerce.number().int().min(0).default(5),
  ROLE_SYNC_RETRY_DELAY_SECONDS: positiveInt.default(5),
  ROLE_SYNC_RETRY_DELAY_MAX_SECONDS: positiveInt.default(300),
  ROLE_SYNC_LOCK_CONNECTIONS: positiveInt.default(8),
  ROLE_SYNC_LOCK_WAIT_SECONDS: positiveInt.default(30),
  JOBS_POLLING_INTERVAL_SECONDS: z.coerce.number().min(0.5).default(2),
  JOBS_MAX_CONNECTIONS: positiveInt.default(4),
  JOBS_SUPERVISE_INTERVAL_SECONDS: positiveInt.default(10),
  SERVER_SYNC_PAGE_SIZE: positiveInt.max(1000).default(1000),
  SERVER_SYNC_CHECKPOINT_MS: positiveInt.default(1000),
  SERVER_SYNC_ROBLOX_CONCURRENCY: positiveInt.default(8),
  SERVER_SYNC_WORKERS: positiveInt.default(2),
  SERVER_SYNC_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).default(10),
  SERVER_SYNC_EXPIRE_SECONDS: positiveInt.max(86_400).default(86_400),
  SERVER_SYNC_RETRY_LIMIT: z.coerce.number().int().min(0).default(20),
  SERVER_SYNC_RETRY_DELAY_SECONDS: positiveInt.default(5),
  SERVER_SYNC_RETRY_DELAY_MAX_SECONDS: positiveInt.default(30),
  ROBLOX_CLIENT_ID: optionalText,
  ROBLOX_CLIENT_SECRET: optionalText,
  ROBLOX_OAUTH_BASE_URL: optionalText,
  OAUTH_TIMEOUT_MS: positiveInt.default(10_000),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('GroupFlow <no-reply@groupflow.local>'),
  /** Required in production: staff see it in the HR dialog, so no built-in address may stand in for it. */
  LEADERSHIP_EMAIL: z.email().optional(),
  STAFF_OWNER_EMAIL: z.email().optional(),
  STAFF_OWNER_PASSWORD: z.string().min(8).optional(),
  STAFF_TOKEN_TTL_HOURS: positiveInt.default(8),
  STAFF_LOGIN_MAX_FAILURES: positiveInt.default(10),
  STAFF_LOGIN_WINDOW_MINUTES: positiveInt.default(15),
  STAFF_LOCKOUT_MINUTES: positiveInt.default(15),
  STAFF_LOGIN_ACCOUNT_MAX_FAILURES_PER_HOUR: positiveInt.default(50),
  STAFF_DEVICE_COOKIE_DAYS: positiveInt.default(180),
  /** Unset: the production default below; set (even empty) it is the whole list. */
  STAFF_MFA_REQUIRED_ROLES: z.string().optional(),
  STAFF_MFA_TOKEN_TTL_MINUTES: positiveInt.default(5),
  STAFF_MFA_CODE_ATTEMPTS: positiveInt.default(5),
  STAFF_MFA_ACCOUNT_MAX_WRONG_CODES_PER_HOUR: positiveInt.default(10),
  STAFF_MFA_ISSUER: z.string().min(1).default('GroupFlow'),
  STAFF_ACTIVITY_DEFAULT_LIMIT: positiveInt.default(20),
  STAFF_ACTIVITY_MAX_LIMIT: positiveInt.default(100),
  STAFF_CUSTOMER_SEARCH_LIMIT: positiveInt.default(50),
  STAFF_CUSTOMER_PICKER_LIMIT: positiveInt.default(8),
  LEGAL_LIST_DEFAULT_LIMIT: positiveInt.default(50),
  LEGAL_LIST_MAX_LIMIT: positiveInt.default(200),
  SUPPORT_TICKET_MAX_PER_WINDOW: positiveInt.default(5),
  SUPPORT_TICKET_WINDOW_MINUTES: positiveInt.default(10),
  API_RATE_LIMIT_PER_MINUTE: positiveInt.default(200),
  API_RATE_LIMIT_PER_10S: positiveInt.default(50),
  API_RATE_LIMIT_LEASE_SHARE: z.coerce.number().gt(0).max(1).default(0.25),
  STAFF_LOGIN_PER_ADDRESS_PER_MINUTE: positiveInt.default(20),
  STAFF_LOGIN_GLOBAL_PER_MINUTE: positiveInt.default(300),
  TEST_EMAIL_MAX_PER_WINDOW: positiveInt.default(5),
  TEST_EMAIL_WINDOW_MINUTES: positiveInt.default(60),
  SERVER_SYNC_STARTS_PER_HOUR: positiveInt.default(6),
  SUPPORT_STREAM_HEARTBEAT_MS: positiveInt.default(15_000),
  TICKET_LIST_DEFAULT_LIMIT: positiveInt.default(100),
  TICKET_LIST_MAX_LIMIT: positiveInt.default(200),
  SUPPORT_EMAIL_DIGEST_SECONDS: positiveInt.default(300),
  SUPPORT_EMAIL_CHECK_MS: positiveInt.default(5_000),
  SUPPORT_EMAIL_BATCH: positiveInt.default(100),
  SUPPORT_SLA_CHECK_MS: positiveInt.default(60_000),
  SUPPORT_SLA_BATCH: positiveInt.default(100),
  SUPPORT_REPLY_TOKEN_DAYS: positiveInt.default(30),
  MAIL_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'a domain name')
    .default('groupflow.local'),
  INBOUND_SMTP_PORT: port.optional(),
  INBOUND_SMTP_HOST: optionalText,
  /** 10 MiB: a reply with a screenshot or two; only its text is kept. */
  INBOUND_MAIL_MAX_BYTES: positiveInt.default(10 * 1024 * 1024),
  INBOUND_MAIL_MAX_PER_WINDOW: positiveInt.default(20),
  INBOUND_MAIL_WINDOW_MINUTES: positiveInt.default(60),
  SUPPORT_AUTO_ASSIGN: z.enum(AUTO_ASSIGN_MODES).default('off'),
  SUPPORT_MAX_OPEN_PER_AGENT: positiveInt.default(10),
  SUPPORT_EVENTS_RECONNECT_MS: positiveInt.default(1_000),
  SUPPORT_EVENTS_RETENTION_HOURS: positiveInt.default(24),
  SUPPORT_EVENTS_PRUNE_MINUTES: positiveInt.default(10),
  SUPPORT_STREAM_TICKET_TTL_SECONDS: positiveInt.default(60),
  /** 64 MiB: five minutes of the recorder's 1.5 Mbit/s video with its audio (spec 2 section 9: 300 s at most). */
  MAX_ATTACHMENT_BYTES: positiveInt.default(64 * 1024 * 1024),
  ATTACHMENT_LINK_TTL_SECONDS: positiveInt.default(3600),
  ROBLOX_API_BASE: z.string().default('https://{service}.roblox.com'),
  ROBLOX_OPEN_CLOUD_KEY: optionalText,
  ROBLOX_OPEN_CLOUD_BASE: z.string().default('https://apis.roblox.com'),
  SMOKE_ROBLOX_OPEN_CLOUD_KEY: optionalText,
  SMOKE_ROBLOX_GROUP_ID: optionalText,
  ROBLOX_REQUEST_TIMEOUT_MS: positiveInt.default(3_000),
  ROBLOX_DEADLINE_MS: positiveInt.default(5_000),
  ROBLOX_MAX_RETRIES: z.coerce.number().int().min(0).default(2),
  ROBLOX_RETRY_BASE_MS: positiveInt.default(250),
  ROBLOX_USERS_CACHE_SECONDS: positiveInt.default(60),
  ROBLOX_GROUPS_CACHE_SECONDS: positiveInt.default(300),
  ROBLOX_CACHE_SWEEP_SECONDS: positiveInt.default(60),
  ROBLOX_SEARCH_LIMIT: positiveInt.default(10),
  ROBLOX_CODE_TTL_MINUTES: positiveInt.default(15),
  ROBLOX_VERIFY_CODE_PER_HOUR: positiveInt.default(10),
  ROBLOX_USER_SEARCH_PER_MINUTE: positiveInt.default(30),
  ROBLOX_IMAGE_HOSTS: z.string().default('*.rbxcdn.com'),
  ROBLOX_IMAGE_MAX_BYTES: positiveInt.default(1024 * 1024),
  ROBLOX_CLAIM_TTL_HOURS: positiveInt.default(24),
  // Issue 22: a management decision may trust a rank read at most 10 seconds ago.
  ROBLOX_RANK_CHECK_CACHE_SECONDS: z.coerce.number().int().min(0).max(10).default(10),
  ACTIVITY_SESSION_CAP_MINUTES: positiveInt.default(360),
  ACTIVITY_BULK_MAX_EVENTS: positiveInt.default(500),
  ACTIVITY_LIST_LIMIT: positiveInt.default(50),
  ACTIVITY_SUMMARY_DAYS: positiveInt.default(7),
  ACTIVITY_REPORT_CONCURRENCY: positiveInt.default(4),
  ACTIVITY_REPORT_MAX_AGE_SECONDS: positiveInt.default(300),
  ACTIVITY_RECEIPT_SWEEP_SECONDS: positiveInt.default(60),
  WORKSPACE_SECRETS_KEY: optionalText,
  WORKSPACE_AUDIT_LIMIT: positiveInt.default(100),
  NOTIFICATIONS_LIST_LIMIT: positiveInt.default(50),
  TIME_OFF_LIST_LIMIT: positiveInt.default(100),
  ANALYTICS_DAYS: positiveInt.max(366).default(30),
  ANALYTICS_WEEKS: positiveInt.max(52).default(8),
  SESSION_ATTENDANCE_MINUTES: positiveInt.default(60),
  AUTO_PROMOTION_INTERVAL_MINUTES: positiveInt.default(60),
  AUTO_PROMOTION_RETRY_LIMIT: z.coerce.number().int().min(0).default(3),
  AUTO_PROMOTION_RETRY_DELAY_SECONDS: positiveInt.default(30),
  SESSION_NOTICE_RETRY_LIMIT: z.coerce.number().int().min(0).default(3),
  SESSION_NOTICE_RETRY_DELAY_SECONDS: positiveInt.default(30),
  QUOTA_BEHIND_NOTICE_HOURS: positiveInt.max(167).default(24),
  QUOTA_BEHIND_CHECK_INTERVAL_MINUTES: positiveInt.default(60),
  OPEN_CLOUD_KEY_IDLE_DAYS: positiveInt.default(60),
  OPEN_CLOUD_KEY_WARN_DAYS: positiveInt.default(7),
  OPEN_CLOUD_KEY_CHECK_INTERVAL_MINUTES: positiveInt.default(60),
  OPEN_CLOUD_KEY_USE_RECORD_SECONDS: positiveInt.default(60),
  QUOTA_PROGRESS_MAX_MEMBERS: positiveInt.max(100_000).default(5000),
  QUOTA_WEEK_START_DAY: z.coerce.number().int().min(0).max(6).default(1),
  QUOTA_WEEK_START_TIME: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'HH:MM, 24-hour' })
    .default('00:00'),
  QUOTA_TIME_ZONE: z
    .string()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'An IANA time zone, e.g. Europe/London')
    .default('UTC'),
});

/** An OAuth provider's client; `dev` means no credentials were set and the built-in development provider is used. */
export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  baseUrl: string;
  dev: boolean;
  /** False in production without credentials: sign-in with this provider is refused. */
  usable: boolean;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  /** How long a call waits for a new database connection before it is answered 503 (an outage fails fast). */
  databaseConnectTimeoutMs: number;
  /** The database pool: its size and how long a call queues for a free connection before a 503 "busy". */
  databasePool: { max: number; acquireTimeoutMs: number };
  /** Apply pending migrations at start; otherwise refuse to serve a database behind the code (`npm run migrate`). */
  migrateOnStart: boolean;
  dataDir: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  trustProxy: boolean;
  /** Proxies in front of the server whose X-Forwarded-For entries are believed (0 without TRUST_PROXY). */
  trustedProxyCount: number;
  bodyLimit: string;
  healthDbTimeoutMs: number;
  diagnostics: {
    /** The oldest database probe GET /api/health may answer from. */
    healthProbeIntervalMs: number;
    /** Service monitor rounds (GET /api/status) and each check's time limit. */
    statusCheckIntervalMs: number;
    statusCheckTimeoutMs: number;
    incidentsShown: number;
    /** The API counts as degraded when fewer of its answers in the window succeed. */
    apiDegradedBelowPercent: number;
    metricsWindowMs: number;
  };
  /** Roblox web APIs; `{service}` is users, groups or thumbnails. */
  robloxApiBase: string;
  /** Where the shell finds each remote's manifest. */
  remotes: Record<Area, string>;
  web: {
    shellDir: string;
    remoteDirs: Record<Area, string>;
    /** The shell's page and the remotes' manifests (read for the pages' preload hints) are checked this often. */
    manifestRefreshMs: number;
    /** A remote on another origin has this long to answer for its manifest. */
    manifestTimeoutMs: number;
    /** Dynamic answers (API JSON) below this size go out uncompressed. */
    compressThresholdBytes: number;
  };
  /** Unset: generated once and kept in DATA_DIR (services/src/sessionSecret.ts). */
  sessionSecret: string | undefined;
  customerSessions: {
    /** Idle timeout, absolute lifetime from sign-in (also the cookie's), pre-sign-in lifetime, touch interval. */
    lifetime: CustomerSessionLifetimeSettings;
    /** Expired rows nobody reads again are deleted at most this often. */
    sweepEveryMs: number;
    /** The in-process cache of session and customer rows, invalidated everywhere through LISTEN/NOTIFY. */
    cache: { ttlMs: number; maxEntries: number };
    /** Wait before the notification listener connects again after losing its connection. */
    listenRetryMs: number;
  };
  oauth: { discord: OAuthProviderConfig; roblox: OAuthProviderConfig; timeoutMs: number };
  discord: {
    /** DISCORD_CLIENT_ID: the application id (invite links, setup check); unset means setup is required. */
    applicationId: string | undefined;
    /** DISCORD_BOT_TOKEN; unset: the bot does not start and the screens say "Bot Token Missing". */
    botToken: string | undefined;
    /** DISCORD_BASE_URL: the one Discord origin (the bot's REST base is `${baseUrl}/api`, invites `${baseUrl}/oauth2/authorize`). */
    baseUrl: string;
    /** The bot counts as online while a shard's heartbeat is at most this old. */
    onlineWindowMs: number;
    /** A customer's guild list (who manages what) is asked of Discord again once this old. */
    guildsCacheMs: number;
    /** A customer's Discord access token is refreshed this long before it expires. */
    tokenRefreshMarginMs: number;
    /** The verification page lists at most this many users. */
    memberListLimit: number;
  };
  bot: {
    /** How often each shard writes its heartbeat (keep well under DISCORD_BOT_ONLINE_WINDOW_MS). */
    heartbeatMs: number;
    waitGuildTimeoutMs: number;
    /** DISCORD_REST_OFFSET_MS: margin discord.js adds to each rate-limit reset. */
    restOffsetMs: number;
    eventConcurrency: number;
    /** BOT_SHARDS and BOT_SHARD_IDS: the bot's shard count and the shards this process runs. */
    shards: { count: number; ids: number[] };
    roleSync: RoleSyncJobSettings;
    /** The cross-process lock that keeps one sync per server member in flight. */
    roleSyncLocks: { maxConnections: number; waitTimeoutMs: number };
    /** The server-wide role sync (issue 27): its job and how it pages, checkpoints and looks Roblox up. */
    serverSync: { jobs: ServerSyncJobSettings; run: ServerSyncSettings };
  };
  jobs: PgBossSettings;
  mail: { transport: MailTransport; from: string; leadershipEmail: string };
  staff: {
    /** Creates the first platform_owner when no staff exist. */
    owner: { email: string; password: string } | undefined;
    auth: StaffAuthSettings;
    activities: ActivityListSettings;
    /** How many customer accounts one staff search answers (GET /api/staff/customers). */
    customerSearchLimit: number;
    /** How many accounts the customer picker's search answers (GET /api/staff/customers/search). */
    customerPickerLimit: number;
    /** Roles that must use two-factor authentication, the issuer name authenticator apps show, codes per mfaToken. */
    mfa: MfaPolicy & StaffMfaLoginSettings & { issuer: string };
    /** How long a device cookie keeps a browser trusted for its member's sign-ins. */
    deviceCookieMaxAgeMs: number;
  };
  legal: { list: LegalListSettings };
  /** Shared rate limits (counted in PostgreSQL), per client address unless named otherwise. */
  rateLimits: {
    /** Every /api call but /api/health. */
    api: { perMinute: number; per10Seconds: number; leaseShare: number };
    /**
     * Per address counts every untrusted attempt; global and per account count failures of untrusted attempts, and
     * wrong codes per account have a lower cap of their own.
     */
    staffLogin: {
      perAddressPerMinute: number;
      globalPerMinute: number;
      accountMaxFailuresPerHour: number;
      accountMaxWrongCodesPerHour: number;
    };
    /** Test emails per staff member. */
    testEmail: { max: number; windowMs: number };
    /** Server-wide role syncs begun per Discord server in an hour (a start that joins a running one is not counted). */
    serverSyncStartsPerHour: number;
  };
  support: {
    /** Public tickets and password-reset requests per client address and window. */
    submissions: { max: number; windowMs: number };
    stream: { heartbeatMs: number; retryMs: number };
    /** Rows per page of the staff ticket list. */
    list: ListLimits;
    /** The ticket event table behind every process's streams. */
    events: { retentionMs: number; pruneEveryMs: number };
    streamTicket: { ttlMs: number };
    /** Ticket chat attachments (screen recordings): the upload cap and how long a playback link opens one. */
    attachments: { maxBytes: number; link: { ttlMs: number } };
    /** Ticket mail (issue 39): outgoing through `mail`, inbound over SMTP when `inbound` is set. */
    email: {
      /** At most one staff-reply mail per ticket in this long. */
      digestMs: number;
      /** How often each API process looks for replies to mail. */
      checkMs: number;
      /** Tickets looked at per look. */
      batch: number;
      replyTokenTtlMs: number;
      /** Reply addresses are support+<ticketId>.<token>@domain. */
      domain: string;
      inbound: { port: number; host: string; maxBytes: number } | undefined;
      /** Inbound mails per sender address and window. */
      inboundLimit: { max: number; windowMs: number };
      /** How long an open customer chat counts as read after its last heartbeat. */
      readerTtlMs: number;
    };
    autoAssign: { mode: AutoAssignMode; maxOpenPerAgent: number };
    /** The SLA breach check (issue 39): how often each API process runs it, and tickets flagged per run. */
    sla: { checkMs: number; batch: number };
  };
  roblox: {
    api: RobloxApiSettings;
    cache: RobloxCacheSettings;
    /** Results of the add-account dialog's user search. */
    searchLimit: number;
    /** How long a profile verification code stays valid. */
    codeTtlMs: number;
    /** Per-customer limits on the calls that spend our Roblox quota (429 with Retry-After beyond). */
    quota: { verifyCodePerHour: number; userSearchPerMinute: number };
    /** How long a typed, unproven Roblox username stays pending beside the current link. */
    claimTtlMs: number;
    /** How old a Roblox rank may be when a group management action is decided on it. */
    rankCheckCacheMs: number;
    activity: {
      /** A session still open this long after its start is closed at start + cap. */
      sessionCapMs: number;
      /** Events in one bulk report. */
      bulkMaxEvents: number;
      /** Rows of the workspace's activity lists. */
      listLimit: number;
      /** How far back the per-game activity summary looks. */
      summaryWindowMs: number;
      /** Game-server reports written at once (keep well under the database pool's size); the rest wait in turn. */
      reportConcurrency: number;
      /** A report whose sentAt is further than this from the server's clock is refused (409); its eventId is kept as long. */
      reportMaxAgeMs: number;
      /** Expired report receipts (eventIds) are deleted at most this often. */
      receiptSweepMs: number;
    };
    workspace: {
      /** Seals groups' Open Cloud keys (AES-256-GCM); unset: derived from the session secret. */
      secretsKey: string | undefined;
      /** Rank changes the audit view lists. */
      auditLimit: number;
      notificationsLimit: number;
      timeOffLimit: number;
      /** Days of the daily analytics chart, weeks of the weekly ones. */
      analytics: { days: number; weeks: number };
      /** A scheduled session counts as attended by members in game between its start and this long after. */
      attendanceMs: number;
      autoPromotion: { intervalMs: number; retryLimit: number; retryDelaySeconds: number };
      /** pg-boss retries of a session's post and reminder jobs. */
      sessionNotices: { retryLimit: number; retryDelaySeconds: number };
      /**
       * Members behind on a quota are told once a week, `noticeBeforeEndMs` before the week rolls over; every
       * `intervalMs` the API looks whether that point has passed.
       */
      quotaBehind: { noticeBeforeEndMs: number; intervalMs: number; retryLimit: number; retryDelaySeconds: number };
      /**
       * Groups' Open Cloud keys: Roblox expires a key unused for `idleDays`; the owner is warned `warnDays` before
       * a key lapses (looked for every `lapseCheck.intervalMs`); a key's use is written at most every `useRecordMs`.
       */
      keyLifetime: {
        idleDays: number;
        warnDays: number;
        useRecordMs: number;
        lapseCheck: { intervalMs: number; retryLimit: number; retryDelaySeconds: number };
      };
      /** Quota weeks start on this weekday (0 Sunday ... 6 Saturday) at this time in this time zone. */
      quotaWeek: { startDay: number; startTime: string; timeZone: string };
      /** Most members of the quota ranks read from Roblox's roster for quota progress. */
      quotaRosterMaxMembers: number;
    };
  };
  /** `npm run smoke:live` (the release's last step): the real guild and group it reads; unset, that platform is skipped. */
  smoke: {
    discordGuildId: string | undefined;
    robloxOpenCloudKey: string | undefined;
    robloxGroupId: string | undefined;
  };
}

/** The URL prefix under which this server hosts a remote's build; the default manifest address lives there. */
export const remotePrefix = (area: Area) => `/remotes/${area}/`;

export const perArea = <T>(value: (area: Area) => T) =>
  Object.fromEntries(AREAS.map((area) => [area, value(area)])) as Record<Area, T>;

/** Outside production only: where HR notices go when LEADERSHIP_EMAIL is not set (mail lands in .data/mail). */
const DEVELOPMENT_LEADERSHIP_EMAIL = 'leadership@groupflow.local';

/** The roles that hold the keys to the platform: two-factor authentication is required of them in production. */
export const PRODUCTION_MFA_REQUIRED_ROLES: readonly StaffRole[] = [
  'platform_owner',
  'head_internal_operations',
  'head_platform',
  'director_legal_affairs_safety',
];

function mfaRequiredRoles(value: string | undefined, env: string): readonly StaffRole[] {
  if (value === undefined) return env === 'production' ? PRODUCTION_MFA_REQUIRED_ROLES : [];
  const roles = value
    .split(',')
    .map((role) => role.trim())
    .filter((role) => role !== '');
  const unknown = roles.filter((role) => !(STAFF_ROLES as readonly string[]).includes(role));
  if (unknown.length) {
    throw new ConfigError(`STAFF_MFA_REQUIRED_ROLES names unknown roles: ${unknown.join(', ')}.`);
  }
  return roles as StaffRole[];
}

/** Signing keys shorter than this can be brute-forced offline from one signed cookie. */
export const MIN_SESSION_SECRET_BYTES = 32;

/**
 * The development OAuth providers sign anyone in as anyone: they run only where nobody else can reach them, on a
 * loopback PUBLIC_URL.
 */
export function isLoopbackUrl(url: string): boolean {
  return isLoopbackHost(new URL(url).hostname);
}

/** A host name or address only this machine reaches: localhost, *.localhost, 127.x.x.x or ::1 (bare or bracketed). */
export function isLoopbackHost(host: string): boolean {
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    host === '::1' ||
    /^127(\.\d{1,3}){3}$/.test(host)
  );
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.STAFF_OWNER_EMAIL === undefined) !== (e.STAFF_OWNER_PASSWORD === undefined)) {
    throw new ConfigError('Set both STAFF_OWNER_EMAIL and STAFF_OWNER_PASSWORD, or neither.');
  }
  // A six-digit code has far fewer values than a password, so it gets fewer guesses per account.
  if (e.STAFF_MFA_ACCOUNT_MAX_WRONG_CODES_PER_HOUR >= e.STAFF_LOGIN_ACCOUNT_MAX_FAILURES_PER_HOUR) {
    throw new ConfigError(
      'STAFF_MFA_ACCOUNT_MAX_WRONG_CODES_PER_HOUR must be below STAFF_LOGIN_ACCOUNT_MAX_FAILURES_PER_HOUR.',
    );
  }
  if (e.NODE_ENV === 'production') {
    const missing = ['DATABASE_URL', 'SESSION_SECRET', 'PUBLIC_URL', 'LEADERSHIP_EMAIL'].filter((name) => !env[name]);
    if (missing.length) throw new ConfigError(`Production needs ${missing.join(', ')} (see docs/configuration.md).`);
    // Session cookies are Secure in production and this server speaks plain HTTP: without a trusted TLS proxy
    // Koa would refuse every sign-in cookie, so the server refuses to start instead of failing each sign-in.
    if (!e.TRUST_PROXY)
      throw new ConfigError('Production runs behind a TLS proxy: set TRUST_PROXY=true (see docs/configuration.md).');
    const secretBytes = Buffer.byteLength(e.SESSION_SECRET ?? '', 'utf8');
    if (secretBytes < MIN_SESSION_SECRET_BYTES) {
      throw new ConfigError(
        `SESSION_SECRET must be at least ${MIN_SESSION_SECRET_BYTES} bytes in production (it has ${secretBytes}); ` +
          'generate one with: openssl rand -base64 48',
      );
    }
  }
  const shardIds = e.BOT_SHARD_IDS
    ? e.BOT_SHARD_IDS.split(',').map((id) => Number(id.trim()))
    : Array.from({ length: e.BOT_SHARDS }, (_, id) => id);
  if (shardIds.some((id) => !Number.isInteger(id) || id < 0 || id >= e.BOT_SHARDS)) {
    throw new ConfigError(
      `BOT_SHARD_IDS must list shard numbers from 0 to ${e.BOT_SHARDS - 1} (BOT_SHARDS=${e.BOT_SHARDS}).`,
    );
  }
  const webRoot = resolve(e.WEB_ROOT);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const provider = (
    name: 'discord' | 'roblox',
    id: string | undefined,
    secret: string | undefined,
    baseUrl: string | undefined,
    realBase: string,
  ): OAuthProviderConfig => {
    if (id && secret)
      return { clientId: id, clientSecret: secret, baseUrl: baseUrl ?? realBase, dev: false, usable: true };
    // Without credentials the app serves its own provider, which signs anyone in as anyone: production never runs
    // it (sign-in with this provider is refused), and elsewhere it runs only where nobody else can reach it.
    const dev = e.NODE_ENV !== 'production';
    if (dev && !(isLoopbackUrl(publicUrl) && isLoopbackHost(e.HOST))) {
      const variables = `${name.toUpperCase()}_CLIENT_ID and ${name.toUpperCase()}_CLIENT_SECRET`;
      throw new ConfigError(
        `The development ${name} sign-in provider runs only when NODE_ENV is not production, PUBLIC_URL is a ` +
          `loopback address and HOST is a loopback address (PUBLIC_URL=${publicUrl}, HOST=${e.HOST}). ` +
          `Set ${variables}, or bind HOST and PUBLIC_URL to loopback (see docs/configuration.md).`,
      );
    }
    return {
      clientId: `groupflow-dev-${name}`,
      clientSecret: `groupflow-dev-${name}-secret`,
      baseUrl: baseUrl ?? (dev ? `${publicUrl}/dev-oauth/${name}` : realBase),
      dev,
      usable: dev,
    };
  };
  const dataDir = resolve(e.DATA_DIR);
  const minutes = (n: number) => n * 60_000;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    databasePool: { max: e.DATABASE_POOL_MAX, acquireTimeoutMs: e.DATABASE_POOL_ACQUIRE_TIMEOUT_MS },
    // Production replicas on a shared database never migrate: the release step does, once.
    migrateOnStart: e.MIGRATE_ON_START ?? (e.NODE_ENV !== 'production' || !e.DATABASE_URL),
    dataDir,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    trustedProxyCount: e.TRUST_PROXY ? (e.TRUSTED_PROXY_COUNT ?? 1) : 0,
    bodyLimit: e.BODY_LIMIT,
    healthDbTimeoutMs: e.HEALTH_DB_TIMEOUT_MS,
    diagnostics: {
      healthProbeIntervalMs: e.HEALTH_PROBE_INTERVAL_MS,
      statusCheckIntervalMs: e.STATUS_CHECK_INTERVAL_MS,
      statusCheckTimeoutMs: e.STATUS_CHECK_TIMEOUT_MS,
      incidentsShown: e.STATUS_INCIDENTS_SHOWN,
      apiDegradedBelowPercent: e.STATUS_API_DEGRADED_BELOW_PERCENT,
      metricsWindowMs: minutes(e.METRICS_WINDOW_MINUTES),
    },
    robloxApiBase: e.ROBLOX_API_BASE,
    remotes: perArea(
      (area) => e[`REMOTE_${area.toUpperCase() as Uppercase<Area>}_URL`] ?? `${remotePrefix(area)}mf-manifest.json`,
    ),
    web: {
      shellDir: resolve(webRoot, 'shell/dist'),
      remoteDirs: perArea((area) => resolve(webRoot, `mf-${area}/dist`)),
      manifestRefreshMs: e.REMOTE_MANIFEST_REFRESH_SECONDS * 1000,
      manifestTimeoutMs: e.REMOTE_MANIFEST_TIMEOUT_MS,
      compressThresholdBytes: e.COMPRESS_THRESHOLD_BYTES,
    },
    sessionSecret: e.SESSION_SECRET,
    customerSessions: {
      lifetime: {
        idleTimeoutMs: minutes(e.SESSION_IDLE_TIMEOUT_MINUTES),
        maxAgeMs: minutes(e.SESSION_MAX_AGE_DAYS * 24 * 60),
        preSignInMs: minutes(e.SESSION_PRE_SIGN_IN_MINUTES),
        touchIntervalMs: e.SESSION_TOUCH_INTERVAL_SECONDS * 1000,
      },
      sweepEveryMs: e.SESSION_SWEEP_SECONDS * 1000,
      cache: { ttlMs: e.SESSION_CACHE_SECONDS * 1000, maxEntries: e.SESSION_CACHE_MAX_ENTRIES },
      listenRetryMs: e.SESSION_LISTEN_RETRY_MS,
    },
    oauth: {
      discord: provider(
        'discord',
        e.DISCORD_CLIENT_ID,
        e.DISCORD_CLIENT_SECRET,
        e.DISCORD_BASE_URL,
        'https://discord.com',
      ),
      roblox: provider(
        'roblox',
        e.ROBLOX_CLIENT_ID,
        e.ROBLOX_CLIENT_SECRET,
        e.ROBLOX_OAUTH_BASE_URL,
        'https://apis.roblox.com/oauth',
      ),
      timeoutMs: e.OAUTH_TIMEOUT_MS,
    },
    discord: {
      applicationId: e.DISCORD_CLIENT_ID,
      botToken: e.DISCORD_BOT_TOKEN,
      baseUrl: (e.DISCORD_BASE_URL ?? 'https://discord.com').replace(/\/$/, ''),
      onlineWindowMs: e.DISCORD_BOT_ONLINE_WINDOW_MS,
      guildsCacheMs: e.DISCORD_GUILDS_CACHE_SECONDS * 1000,
      tokenRefreshMarginMs: e.DISCORD_TOKEN_REFRESH_MARGIN_SECONDS * 1000,
      memberListLimit: e.DISCORD_MEMBER_LIST_LIMIT,
    },
    bot: {
      heartbeatMs: e.BOT_HEARTBEAT_MS,
      waitGuildTimeoutMs: e.BOT_WAIT_GUILD_TIMEOUT_MS,
      restOffsetMs: e.DISCORD_REST_OFFSET_MS,
      eventConcurrency: e.BOT_EVENT_CONCURRENCY,
      shards: { count: e.BOT_SHARDS, ids: shardIds },
      roleSync: {
        workers: e.ROLE_SYNC_WORKERS,
        perGuildConcurrency: e.ROLE_SYNC_PER_GUILD_CONCURRENCY,
        batchSize: e.ROLE_SYNC_BATCH_SIZE,
        shardCount: e.BOT_SHARDS,
        retryLimit: e.ROLE_SYNC_RETRY_LIMIT,
        retryDelaySeconds: e.ROLE_SYNC_RETRY_DELAY_SECONDS,
        retryDelayMaxSeconds: e.ROLE_SYNC_RETRY_DELAY_MAX_SECONDS,
      },
      roleSyncLocks: {
        maxConnections: e.ROLE_SYNC_LOCK_CONNECTIONS,
        waitTimeoutMs: e.ROLE_SYNC_LOCK_WAIT_SECONDS * 1000,
      },
      serverSync: {
        jobs: {
          shardCount: e.BOT_SHARDS,
          workers: e.SERVER_SYNC_WORKERS,
          heartbeatSeconds: e.SERVER_SYNC_HEARTBEAT_SECONDS,
          expireSeconds: e.SERVER_SYNC_EXPIRE_SECONDS,
          retryLimit: e.SERVER_SYNC_RETRY_LIMIT,
          retryDelaySeconds: e.SERVER_SYNC_RETRY_DELAY_SECONDS,
          retryDelayMaxSeconds: e.SERVER_SYNC_RETRY_DELAY_MAX_SECONDS,
        },
        run: {
          pageSize: e.SERVER_SYNC_PAGE_SIZE,
          checkpointMs: e.SERVER_SYNC_CHECKPOINT_MS,
          robloxConcurrency: e.SERVER_SYNC_ROBLOX_CONCURRENCY,
        },
      },
    },
    jobs: {
      pollingIntervalSeconds: e.JOBS_POLLING_INTERVAL_SECONDS,
      maxConnections: e.JOBS_MAX_CONNECTIONS,
      superviseIntervalSeconds: e.JOBS_SUPERVISE_INTERVAL_SECONDS,
    },
    mail: {
      transport: e.SMTP_URL ? { kind: 'smtp', url: e.SMTP_URL } : { kind: 'files', dir: resolve(dataDir, 'mail') },
      from: e.MAIL_FROM,
      leadershipEmail: e.LEADERSHIP_EMAIL ?? DEVELOPMENT_LEADERSHIP_EMAIL,
    },
    staff: {
      owner:
        e.STAFF_OWNER_EMAIL && e.STAFF_OWNER_PASSWORD
          ? { email: e.STAFF_OWNER_EMAIL, password: e.STAFF_OWNER_PASSWORD }
          : undefined,
      auth: {
        maxFailedAttempts: e.STAFF_LOGIN_MAX_FAILURES,
        failureWindowMs: minutes(e.STAFF_LOGIN_WINDOW_MINUTES),
        lockoutMs: minutes(e.STAFF_LOCKOUT_MINUTES),
        tokenLifetimeMs: minutes(60 * e.STAFF_TOKEN_TTL_HOURS),
        mfaTokenLifetimeMs: minutes(e.STAFF_MFA_TOKEN_TTL_MINUTES),
      },
      activities: { defaultLimit: e.STAFF_ACTIVITY_DEFAULT_LIMIT, maxLimit: e.STAFF_ACTIVITY_MAX_LIMIT },
      customerSearchLimit: e.STAFF_CUSTOMER_SEARCH_LIMIT,
      customerPickerLimit: e.STAFF_CUSTOMER_PICKER_LIMIT,
      mfa: {
        requiredRoles: mfaRequiredRoles(e.STAFF_MFA_REQUIRED_ROLES, e.NODE_ENV),
        issuer: e.STAFF_MFA_ISSUER,
        codeAttempts: e.STAFF_MFA_CODE_ATTEMPTS,
      },
      deviceCookieMaxAgeMs: minutes(e.STAFF_DEVICE_COOKIE_DAYS * 24 * 60),
    },
    legal: { list: { defaultLimit: e.LEGAL_LIST_DEFAULT_LIMIT, maxLimit: e.LEGAL_LIST_MAX_LIMIT } },
    rateLimits: {
      api: {
        perMinute: e.API_RATE_LIMIT_PER_MINUTE,
        per10Seconds: e.API_RATE_LIMIT_PER_10S,
        leaseShare: e.API_RATE_LIMIT_LEASE_SHARE,
      },
      staffLogin: {
        perAddressPerMinute: e.STAFF_LOGIN_PER_ADDRESS_PER_MINUTE,
        globalPerMinute: e.STAFF_LOGIN_GLOBAL_PER_MINUTE,
        accountMaxFailuresPerHour: e.STAFF_LOGIN_ACCOUNT_MAX_FAILURES_PER_HOUR,
        accountMaxWrongCodesPerHour: e.STAFF_MFA_ACCOUNT_MAX_WRONG_CODES_PER_HOUR,
      },
      testEmail: { max: e.TEST_EMAIL_MAX_PER_WINDOW, windowMs: minutes(e.TEST_EMAIL_WINDOW_MINUTES) },
      serverSyncStartsPerHour: e.SERVER_SYNC_STARTS_PER_HOUR,
    },
    support: {
      submissions: { max: e.SUPPORT_TICKET_MAX_PER_WINDOW, windowMs: minutes(e.SUPPORT_TICKET_WINDOW_MINUTES) },
      list: { defaultLimit: e.TICKET_LIST_DEFAULT_LIMIT, maxLimit: e.TICKET_LIST_MAX_LIMIT },
      stream: { heartbeatMs: e.SUPPORT_STREAM_HEARTBEAT_MS, retryMs: e.SUPPORT_EVENTS_RECONNECT_MS },
      events: {
        retentionMs: minutes(60 * e.SUPPORT_EVENTS_RETENTION_HOURS),
        pruneEveryMs: minutes(e.SUPPORT_EVENTS_PRUNE_MINUTES),
      },
      streamTicket: { ttlMs: 1000 * e.SUPPORT_STREAM_TICKET_TTL_SECONDS },
      attachments: { maxBytes: e.MAX_ATTACHMENT_BYTES, link: { ttlMs: 1000 * e.ATTACHMENT_LINK_TTL_SECONDS } },
      email: {
        digestMs: 1000 * e.SUPPORT_EMAIL_DIGEST_SECONDS,
        checkMs: e.SUPPORT_EMAIL_CHECK_MS,
        batch: e.SUPPORT_EMAIL_BATCH,
        replyTokenTtlMs: minutes(24 * 60 * e.SUPPORT_REPLY_TOKEN_DAYS),
        domain: e.MAIL_DOMAIN.toLowerCase(),
        inbound:
          e.INBOUND_SMTP_PORT === undefined
            ? undefined
            : { port: e.INBOUND_SMTP_PORT, host: e.INBOUND_SMTP_HOST ?? e.HOST, maxBytes: e.INBOUND_MAIL_MAX_BYTES },
        inboundLimit: { max: e.INBOUND_MAIL_MAX_PER_WINDOW, windowMs: minutes(e.INBOUND_MAIL_WINDOW_MINUTES) },
        readerTtlMs: CHAT_READER_HEARTBEATS * e.SUPPORT_STREAM_HEARTBEAT_MS,
      },
      autoAssign: { mode: e.SUPPORT_AUTO_ASSIGN, maxOpenPerAgent: e.SUPPORT_MAX_OPEN_PER_AGENT },
      sla: { checkMs: e.SUPPORT_SLA_CHECK_MS, batch: e.SUPPORT_SLA_BATCH },
    },
    roblox: {
      api: {
        apiBase: e.ROBLOX_API_BASE,
        openCloudBase: e.ROBLOX_OPEN_CLOUD_BASE,
        openCloudKey: e.ROBLOX_OPEN_CLOUD_KEY,
        requestTimeoutMs: e.ROBLOX_REQUEST_TIMEOUT_MS,
        deadlineMs: e.ROBLOX_DEADLINE_MS,
        maxRetries: e.ROBLOX_MAX_RETRIES,
        retryBaseMs: e.ROBLOX_RETRY_BASE_MS,
        imageHosts: e.ROBLOX_IMAGE_HOSTS.split(',')
          .map((host) => host.trim())
          .filter(Boolean),
        imageMaxBytes: e.ROBLOX_IMAGE_MAX_BYTES,
      },
      cache: {
        usersTtlMs: e.ROBLOX_USERS_CACHE_SECONDS * 1000,
        groupsTtlMs: e.ROBLOX_GROUPS_CACHE_SECONDS * 1000,
        sweepEveryMs: e.ROBLOX_CACHE_SWEEP_SECONDS * 1000,
      },
      searchLimit: e.ROBLOX_SEARCH_LIMIT,
      codeTtlMs: minutes(e.ROBLOX_CODE_TTL_MINUTES),
      quota: {
        verifyCodePerHour: e.ROBLOX_VERIFY_CODE_PER_HOUR,
        userSearchPerMinute: e.ROBLOX_USER_SEARCH_PER_MINUTE,
      },
      claimTtlMs: minutes(60 * e.ROBLOX_CLAIM_TTL_HOURS),
      rankCheckCacheMs: e.ROBLOX_RANK_CHECK_CACHE_SECONDS * 1000,
      activity: {
        sessionCapMs: minutes(e.ACTIVITY_SESSION_CAP_MINUTES),
        bulkMaxEvents: e.ACTIVITY_BULK_MAX_EVENTS,
        listLimit: e.ACTIVITY_LIST_LIMIT,
        summaryWindowMs: e.ACTIVITY_SUMMARY_DAYS * 24 * 60 * 60_000,
        reportConcurrency: e.ACTIVITY_REPORT_CONCURRENCY,
        reportMaxAgeMs: e.ACTIVITY_REPORT_MAX_AGE_SECONDS * 1000,
        receiptSweepMs: e.ACTIVITY_RECEIPT_SWEEP_SECONDS * 1000,
      },
      workspace: {
        secretsKey: e.WORKSPACE_SECRETS_KEY,
        auditLimit: e.WORKSPACE_AUDIT_LIMIT,
        notificationsLimit: e.NOTIFICATIONS_LIST_LIMIT,
        timeOffLimit: e.TIME_OFF_LIST_LIMIT,
        analytics: { days: e.ANALYTICS_DAYS, weeks: e.ANALYTICS_WEEKS },
        attendanceMs: minutes(e.SESSION_ATTENDANCE_MINUTES),
        autoPromotion: {
          intervalMs: minutes(e.AUTO_PROMOTION_INTERVAL_MINUTES),
          retryLimit: e.AUTO_PROMOTION_RETRY_LIMIT,
          retryDelaySeconds: e.AUTO_PROMOTION_RETRY_DELAY_SECONDS,
        },
        sessionNotices: {
          retryLimit: e.SESSION_NOTICE_RETRY_LIMIT,
          retryDelaySeconds: e.SESSION_NOTICE_RETRY_DELAY_SECONDS,
        },
        quotaBehind: {
          noticeBeforeEndMs: minutes(e.QUOTA_BEHIND_NOTICE_HOURS * 60),
          intervalMs: minutes(e.QUOTA_BEHIND_CHECK_INTERVAL_MINUTES),
          retryLimit: e.AUTO_PROMOTION_RETRY_LIMIT,
          retryDelaySeconds: e.AUTO_PROMOTION_RETRY_DELAY_SECONDS,
        },
        keyLifetime: {
          idleDays: e.OPEN_CLOUD_KEY_IDLE_DAYS,
          warnDays: e.OPEN_CLOUD_KEY_WARN_DAYS,
          useRecordMs: e.OPEN_CLOUD_KEY_USE_RECORD_SECONDS * 1000,
          lapseCheck: {
            intervalMs: minutes(e.OPEN_CLOUD_KEY_CHECK_INTERVAL_MINUTES),
            retryLimit: e.AUTO_PROMOTION_RETRY_LIMIT,
            retryDelaySeconds: e.AUTO_PROMOTION_RETRY_DELAY_SECONDS,
          },
        },
        quotaWeek: {
          startDay: e.QUOTA_WEEK_START_DAY,
          startTime: e.QUOTA_WEEK_START_TIME,
          timeZone: e.QUOTA_TIME_ZONE,
        },
        quotaRosterMaxMembers: e.QUOTA_PROGRESS_MAX_MEMBERS,
      },
    },
    smoke: {
      discordGuildId: e.SMOKE_DISCORD_GUILD_ID,
      robloxOpenCloudKey: e.SMOKE_ROBLOX_OPEN_CLOUD_KEY,
      robloxGroupId: e.SMOKE_ROBLOX_GROUP_ID,
    },
  };
}
