import { ContainerModule, type Bind } from 'inversify';
import {
  CancelRobloxClaim,
  AnnounceSessionChange,
  AutoPromote,
  OwnerNotices,
  OpenCloudKeyWatch,
  WarnOpenCloudKeyLapse,
  NotifyApplicationReceived,
  NotifyQuotaBehind,
  RemindSession,
  ChangeMemberRank,
  RankingEngine,
  ConnectGroup,
  ListNotifications,
  MarkNotificationsRead,
  CreateDocument,
  ListDocuments,
  ListQuotas,
  ReplaceQuotas,
  RequestTimeOff,
  ListTimeOff,
  DecideTimeOff,
  ReadPromotionRules,
  ReplacePromotionRules,
  PreviewPromotions,
  ReadActivityFeed,
  ReadAnalytics,
  ReadQuotaProgress,
  QuotaRoster,
  ReviewApplication,
  ScheduleSession,
  ListSessions,
  AssignSessionHost,
  SignUpForSession,
  ReadRankAudit,
  ReadOpenCloudKey,
  SaveOpenCloudKey,
  DescribeRobloxAccount,
  ReadRobloxProfile,
  ReadRobloxHeadshot,
  SearchRobloxUsers,
  GetCurrentCustomer,
  GroupAccessPolicy,
  IssueVerificationCode,
  LinkRobloxAccount,
  ListConnectedGroups,
  ListUserGroups,
  LookUpGroup,
  ListGroupRanks,
  GetConnectedGroup,
  ReadGroupStats,
  ListGroupMembers,
  ReadGroupActivity,
  ListActivitySessions,
  ListApplications,
  ListTraining,
  CreateApplication,
  ChangeApplicationStatus,
  CreateTraining,
  ChangeTrainingStatus,
  ReadWorkspaceSettings,
  UpdateWorkspaceSettings,
  RecordActivity,
  systemClock,
  UnlinkRobloxAccount,
  VerifyRobloxCode,
  type CustomerRepository,
  type RobloxGroups,
  type RobloxMemberships,
  type RobloxInventory,
  type RobloxProfileReader,
  type RobloxThumbnails,
  type RobloxUsers,
  type RobloxUserSearch,
  type RateLimiter,
  type RoleSyncQueue,
  type Transaction,
} from '@groupflow/core';
import type { Orm } from '@groupflow/adapters/persistence/database';
import { CryptoRandomStrings } from '@groupflow/adapters/crypto/CryptoRandomStrings';
import { MikroOrmConnectedGroups } from '@groupflow/adapters/persistence/roblox/MikroOrmConnectedGroups';
import { MikroOrmGroupRecords } from '@groupflow/adapters/persistence/roblox/MikroOrmGroupRecords';
import { MikroOrmVerificationCodes } from '@groupflow/adapters/persistence/roblox/MikroOrmVerificationCodes';
import { MikroOrmPendingClaims } from '@groupflow/adapters/persistence/roblox/MikroOrmPendingClaims';
import { PostgresActivityLedger } from '@groupflow/adapters/persistence/roblox/PostgresActivityLedger';
import { robloxRoutes } from '@groupflow/adapters/http/routes/robloxRoutes';
import { robloxAddresses } from '@groupflow/adapters/http/robloxAddresses';
import { RobloxApi } from '@groupflow/adapters/roblox/RobloxApi';
import { PostgresRobloxCache } from '@groupflow/adapters/roblox/PostgresRobloxCache';
import {
  RobloxWebGroups,
  RobloxWebInventory,
  RobloxWebMemberships,
  RobloxWebThumbnails,
  RobloxWebUsers,
} from '@groupflow/adapters/roblox/RobloxWebAdapters';
import {
  OpenCloudGroups,
  OpenCloudInventory,
  OpenCloudMemberships,
  OpenCloudUsers,
} from '@groupflow/adapters/roblox/OpenCloudAdapters';
import { OpenCloudGroupRanking } from '@groupflow/adapters/roblox/OpenCloudGroupRanking';
import { RobloxGroupRoster } from '@groupflow/adapters/roblox/RobloxGroupRoster';
import { AesGcmSecretBox } from '@groupflow/adapters/crypto/AesGcmSecretBox';
import { MikroOrmGroupOpenCloudKeys } from '@groupflow/adapters/persistence/workspace/MikroOrmGroupOpenCloudKeys';
import { MikroOrmRankAuditTrail } from '@groupflow/adapters/persistence/workspace/MikroOrmRankAuditTrail';
import { MikroOrmCustomerNotifications } from '@groupflow/adapters/persistence/workspace/MikroOrmCustomerNotifications';
import { workspaceRoutes } from '@groupflow/adapters/http/routes/workspaceRoutes';
import { MikroOrmGroupQuotas } from '@groupflow/adapters/persistence/workspace/MikroOrmGroupQuotas';
import { MikroOrmTimeOffRequests } from '@groupflow/adapters/persistence/workspace/MikroOrmTimeOffRequests';
import { PostgresMemberFigures } from '@groupflow/adapters/persistence/workspace/PostgresMemberFigures';
import { MikroOrmGroupSessions } from '@groupflow/adapters/persistence/workspace/MikroOrmGroupSessions';
import { PostgresActivityFeed } from '@groupflow/adapters/persistence/workspace/PostgresActivityFeed';
import { MikroOrmGroupDocuments } from '@groupflow/adapters/persistence/workspace/MikroOrmGroupDocuments';
import { PostgresAnalyticsFigures } from '@groupflow/adapters/persistence/workspace/PostgresAnalyticsFigures';
import { PgBossAutoPromotion } from '@groupflow/adapters/jobs/PgBossAutoPromotion';
import { PgBossQuotaBehind } from '@groupflow/adapters/jobs/PgBossQuotaBehind';
import { PgBossOpenCloudKeyLapse } from '@groupflow/adapters/jobs/PgBossOpenCloudKeyLapse';
import {
  PgBossSessionReminderWorker,
  type PgBossSessionNoticeQueues,
} from '@groupflow/adapters/jobs/PgBossSessionNotices';
import { inRequestContext } from '@groupflow/adapters/persistence/database';
import type { PgBossJobs } from '@groupflow/adapters/jobs/PgBossJobs';
import type { Logger } from 'pino';
import { loadSessionSecret } from '../sessionSecret.ts';
import type { Config } from '../config.ts';
import { TOKENS, type Token } from './tokens.ts';

/**
 * The Roblox ports over the public web APIs, or over Open Cloud v2 for profiles, groups, roles and memberships
 * when ROBLOX_OPEN_CLOUD_KEY is set; every answer goes through the cache shared in PostgreSQL. Needs TOKENS.Config
 * and TOKENS.Orm, so any composition root (API, bot) can load it.
 */
export const robloxPortsModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.RobloxApi)
    .toResolvedValue((config: Config) => new RobloxApi(config.roblox.api), [TOKENS.Config])
    .inSingletonScope();
  bind(TOKENS.RobloxCache)
    .toResolvedValue(
      (config: Config, orm: Orm) => new PostgresRobloxCache(orm, config.roblox.cache),
      [TOKENS.Config, TOKENS.Orm],
    )
    .inSingletonScope();
  bind(TOKENS.RobloxWebUsers)
    .toResolvedValue(
      (api: RobloxApi, cache: PostgresRobloxCache) => new RobloxWebUsers(api, cache),
      [TOKENS.RobloxApi, TOKENS.RobloxCache],
    )
    .inSingletonScope();
  bind<RobloxUserSearch>(TOKENS.RobloxUserSearch).toService(TOKENS.RobloxWebUsers);
  bind<RobloxUsers>(TOKENS.RobloxUsers)
    .toResolvedValue(
      (api: RobloxApi, cache: PostgresRobloxCache, web: RobloxWebUsers) =>
        api.usesOpenCloud ? new OpenCloudUsers(api, cache, web) : web,
      [TOKENS.RobloxApi, TOKENS.RobloxCache, TOKENS.RobloxWebUsers],
    )
    .inSingletonScope();
  bind<RobloxProfileReader>(TOKENS.RobloxProfileReader).toService(TOKENS.RobloxUsers);
  bind<RobloxGroups>(TOKENS.RobloxGroups)
    .toResolvedValue(
      (api: RobloxApi, cache: PostgresRobloxCache, users: RobloxUsers) =>
        api.usesOpenCloud ? new OpenCloudGroups(api, cache, users) : new RobloxWebGroups(api, cache),
      [TOKENS.RobloxApi, TOKENS.RobloxCache, TOKENS.RobloxUsers],
    )
    .inSingletonScope();
  bind<RobloxMemberships>(TOKENS.RobloxMemberships)
    .toResolvedValue(
      (api: RobloxApi, cache: PostgresRobloxCache, groups: RobloxGroups) =>
        api.usesOpenCloud ? new OpenCloudMemberships(api, cache, groups) : new RobloxWebMemberships(api, cache),
      [TOKENS.RobloxApi, TOKENS.RobloxCache, TOKENS.RobloxGroups],
    )
    .inSingletonScope();
  bind<RobloxInventory>(TOKENS.RobloxInventory)
    .toResolvedValue(
      (api: RobloxApi) => {
        const web = new RobloxWebInventory(api);
        // Open Cloud asks for every bound item of a user in one call; the legacy API one call per item.
        return api.usesOpenCloud ? new OpenCloudInventory(api, web) : web;
      },
      [TOKENS.RobloxApi],
    )
    .inSingletonScope();
  bind<RobloxThumbnails>(TOKENS.RobloxThumbnails)
    .toResolvedValue(
      (api: RobloxApi, cache: PostgresRobloxCache) => new RobloxWebThumbnails(api, cache),
      [TOKENS.RobloxApi, TOKENS.RobloxCache],
    )
    .inSingletonScope();
});

/** The Roblox area of the API: its stores, use cases and routes (needs robloxPortsModule, customerModule and jobsModule's RoleSyncQueue). */
export const robloxModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.Routers)
    .toResolvedValue(
      (
        config: Config,
        orm: Orm,
        customers: CustomerRepository,
        users: RobloxUsers,
        search: RobloxUserSearch,
        memberships: RobloxMemberships,
        groups: RobloxGroups,
        thumbnails: RobloxThumbnails,
        roleSync: RoleSyncQueue,
        profiles: RobloxProfileReader,
        verifyCodeQuota: RateLimiter,
        userSearchQuota: RateLimiter,
        transaction: Transaction,
      ) => {
        const random = new CryptoRandomStrings();
        const codes = new MikroOrmVerificationCodes(orm);
        const claims = new MikroOrmPendingClaims(orm);
        const clock = systemClock;
        const { connected, access, rankCheck } = groupAccess(config, orm, customers, memberships);
        const records = new MikroOrmGroupRecords(orm);
        const { activity } = config.roblox;
        const ledger = new PostgresActivityLedger(orm, activity.summaryWindowMs, activity.receiptSweepMs);
        const { headshotAddressOf, activityEndpointOf } = robloxAddresses(config.publicUrl);
        return robloxRoutes({
          getCurrentCustomer: new GetCurrentCustomer(customers),
          linkRobloxAccount: new LinkRobloxAccount({
            customers,
            users,
            memberships,
            claims,
            clock,
            settings: { claimTtlMs: config.roblox.claimTtlMs },
          }),
          unlinkRobloxAccount: new UnlinkRobloxAccount(customers, codes, roleSync),
          cancelRobloxClaim: new CancelRobloxClaim(customers, claims, codes, clock),
          issueVerificationCode: new IssueVerificationCode({
            customers,
            codes,
            claims,
            random,
            clock,
            ttlMs: config.roblox.codeTtlMs,
          }),
          verifyRobloxCode: new VerifyRobloxCode({
            customers,
            codes,
            claims,
            profiles,
            roleSync,
            clock,
            transaction,
            quota: verifyCodeQuota,
          }),
          describeRobloxAccount: new DescribeRobloxAccount(customers, memberships, claims, clock),
          readRobloxProfile: new ReadRobloxProfile(customers, users, thumbnails, headshotAddressOf),
          readRobloxHeadshot: new ReadRobloxHeadshot(customers, thumbnails),
          searchRobloxUsers: new SearchRobloxUsers(customers, search, config.roblox.searchLimit, userSearchQuota),
          listUserGroups: new ListUserGroups(customers, memberships, groups, connected),
          lookUpGroup: new LookUpGroup(customers, groups),
          listGroupRanks: new ListGroupRanks(customers, groups),
          connectGroup: new ConnectGroup(customers, memberships, groups, connected, random, rankCheck),
          listConnectedGroups: new ListConnectedGroups(customers, memberships, connected),
          getConnectedGroup: new GetConnectedGroup(access),
          readGroupStats: new ReadGroupStats(access, records, ledger, systemClock, activity),
          listGroupMembers: new ListGroupMembers(access, records, activity),
          readGroupActivity: new ReadGroupActivity(access, ledger, systemClock, activity),
          listActivitySessions: new ListActivitySessions(access, ledger, systemClock, activity),
          listApplications: new ListApplications(access, records, activity),
          listTraining: new ListTraining(access, records, activity),
          createApplication: new CreateApplication(
            access,
            records,
            new NotifyApplicationReceived({
              records,
              customers,
              notifications: new MikroOrmCustomerNotifications(orm),
              memberLimit: activity.listLimit,
            }),
          ),
          changeApplicationStatus: new ChangeApplicationStatus(access, records),
          createTraining: new CreateTraining(access, records),
          changeTrainingStatus: new ChangeTrainingStatus(access, records),
          readWorkspaceSettings: new ReadWorkspaceSettings(access, activityEndpointOf),
          updateWorkspaceSettings: new UpdateWorkspaceSettings(
            access,
            connected,
            random,
            activityEndpointOf,
            new OwnerNotices(customers, new MikroOrmCustomerNotifications(orm)),
          ),
          recordActivity: new RecordActivity(connected, ledger, systemClock, activity),
          headshotCacheSeconds: config.roblox.cache.usersTtlMs / 1000,
          activityReportConcurrency: config.roblox.activity.reportConcurrency,
        });
      },
      [
        TOKENS.Config,
        TOKENS.Orm,
        TOKENS.CustomerRepository,
        TOKENS.RobloxUsers,
        TOKENS.RobloxUserSearch,
        TOKENS.RobloxMemberships,
        TOKENS.RobloxGroups,
        TOKENS.RobloxThumbnails,
        TOKENS.RoleSyncQueue,
        TOKENS.RobloxProfileReader,
        TOKENS.RobloxVerifyCodeRateLimiter,
        TOKENS.RobloxUserSearchRateLimiter,
        TOKENS.Transaction,
      ],
    )
    .inSingletonScope();
});

/**
 * The group workspace: ranking through Open Cloud (the group's own sealed key) with its audit trail, quotas,
 * auto promotion, time off and the customer's notifications; needs robloxPortsModule, customerModule and
 * jobsModule.
 */
export const workspaceModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.WorkspaceUseCases)
    .toResolvedValue(
      (
        config: Config,
        orm: Orm,
        customers: CustomerRepository,
        users: RobloxUsers,
        memberships: RobloxMemberships,
        api: RobloxApi,
        cache: PostgresRobloxCache,
        roleSync: RoleSyncQueue,
        sessionNotices: PgBossSessionNoticeQueues,
        groups: RobloxGroups,
      ) => {
        const { workspace, activity } = config.roblox;
        const { connected, access } = groupAccess(config, orm, customers, memberships);
        const records = new MikroOrmGroupRecords(orm);
        const box = new AesGcmSecretBox(workspace.secretsKey ?? loadSessionSecret(config), 'group-open-cloud-keys');
        const keys = new MikroOrmGroupOpenCloudKeys(orm, box);
        const audit = new MikroOrmRankAuditTrail(orm);
        const notifications = new MikroOrmCustomerNotifications(orm);
        const ownerNotices = new OwnerNotices(customers, notifications);
        const { keyLifetime } = workspace;
        const cloud = new OpenCloudKeyWatch(new OpenCloudGroupRanking(api), {
          keys,
          groups: connected,
          owner: ownerNotices,
          clock: systemClock,
          settings: keyLifetime,
        });
        const figures = new PostgresMemberFigures(orm);
        const timeOff = new MikroOrmTimeOffRequests(orm);
        const ranking = new RankingEngine(cloud, keys, audit, users, customers, records, {
          roleSync,
          rankCache: cache,
          notifications,
        });
        const changeMemberRank = new ChangeMemberRank(access, ranking);
        const windows = { sessionCapMs: activity.sessionCapMs, attendanceMs: workspace.attendanceMs };
        const sessions = new MikroOrmGroupSessions(orm, { durationMinutes: workspace.attendanceMs / 60_000 });
        const quotas = new MikroOrmGroupQuotas(orm);
        const announceSessionChange = new AnnounceSessionChange({
          posts: sessionNotices,
          reminders: sessionNotices,
          groups: connected,
          clock: systemClock,
        });
        return {
          connected,
          remindSession: new RemindSession({
            sessions,
            groups: connected,
            customers,
            notifications,
            posts: sessionNotices,
          }),
          warnOpenCloudKeyLapse: new WarnOpenCloudKeyLapse({
            keys,
            groups: connected,
            owner: ownerNotices,
            clock: systemClock,
            settings: keyLifetime,
          }),
          notifyQuotaBehind: new NotifyQuotaBehind({
            groups: connected,
            quotas,
            figures,
            timeOff,
            customers,
            notifications,
            clock: systemClock,
            settings: {
              week: workspace.quotaWeek,
              ...windows,
              noticeBeforeEndMs: workspace.quotaBehind.noticeBeforeEndMs,
            },
          }),
          getCurrentCustomer: new GetCurrentCustomer(customers),
          readOpenCloudKey: new ReadOpenCloudKey(access, keys, keyLifetime),
          saveOpenCloudKey: new SaveOpenCloudKey(access, cloud, keys, systemClock, ownerNotices, keyLifetime),
          changeMemberRank,
          readRankAudit: new ReadRankAudit(access, audit, workspace.auditLimit),
          listNotifications: new ListNotifications(customers, notifications, workspace.notificationsLimit),
          markNotificationsRead: new MarkNotificationsRead(customers, notifications, workspace.notificationsLimit),
          listQuotas: new ListQuotas(access, quotas),
          replaceQuotas: new ReplaceQuotas(access, quotas),
          readQuotaProgress: new ReadQuotaProgress(
            access,
            quotas,
            figures,
            timeOff,
            new QuotaRoster(groups, new RobloxGroupRoster(api, cache), keys, {
              maxMembers: workspace.quotaRosterMaxMembers,
            }),
            systemClock,
            { week: workspace.quotaWeek, ...windows },
          ),
          autoPromote: new AutoPromote(connected, figures, ranking, systemClock, windows, {
            notifications,
            owner: ownerNotices,
          }),
          readPromotionRules: new ReadPromotionRules(access),
          replacePromotionRules: new ReplacePromotionRules(access, connected),
          previewPromotions: new PreviewPromotions(access, figures, systemClock, windows),
          requestTimeOff: new RequestTimeOff(access, timeOff, notifications),
          listTimeOff: new ListTimeOff(access, timeOff, workspace.timeOffLimit),
          decideTimeOff: new DecideTimeOff(access, timeOff, notifications, systemClock),
          readAnalytics: new ReadAnalytics(
            access,
            new PostgresAnalyticsFigures(orm),
            figures,
            quotas,
            sessions,
            timeOff,
            systemClock,
            { week: workspace.quotaWeek, ...windows, ...workspace.analytics },
          ),
          createDocument: new CreateDocument(access, new MikroOrmGroupDocuments(orm)),
          listDocuments: new ListDocuments(access, new MikroOrmGroupDocuments(orm), activity.listLimit),
          readActivityFeed: new ReadActivityFeed(access, new PostgresActivityFeed(orm), activity.listLimit),
          reviewApplication: new ReviewApplication(access, records, changeMemberRank, systemClock),
          scheduleSession: new ScheduleSession(access, sessions, systemClock, announceSessionChange),
          listSessions: new ListSessions(access, sessions, systemClock, activity.listLimit),
          assignSessionHost: new AssignSessionHost(access, sessions, users, memberships, announceSessionChange),
          signUpForSession: new SignUpForSession(access, sessions),
        };
      },
      [
        TOKENS.Config,
        TOKENS.Orm,
        TOKENS.CustomerRepository,
        TOKENS.RobloxUsers,
        TOKENS.RobloxMemberships,
        TOKENS.RobloxApi,
        TOKENS.RobloxCache,
        TOKENS.RoleSyncQueue,
        TOKENS.SessionNoticeQueues,
        TOKENS.RobloxGroups,
      ],
    )
    .inSingletonScope();
  bind(TOKENS.Routers)
    .toResolvedValue((useCases: WorkspaceUseCases) => workspaceRoutes(useCases), [TOKENS.WorkspaceUseCases])
    .inSingletonScope();
  bindWorkspaceWorker(
    bind,
    TOKENS.WorkspaceAutoPromotion,
    (jobs, settings, deps) => new PgBossAutoPromotion(jobs, settings.autoPromotion, deps),
  );
  bindWorkspaceWorker(
    bind,
    TOKENS.WorkspaceSessionReminders,
    (jobs, settings, deps) => new PgBossSessionReminderWorker(jobs, settings.sessionNotices, deps),
  );
  bindWorkspaceWorker(
    bind,
    TOKENS.WorkspaceQuotaBehind,
    (jobs, settings, deps) => new PgBossQuotaBehind(jobs, settings.quotaBehind, deps),
  );
  bindWorkspaceWorker(
    bind,
    TOKENS.WorkspaceOpenCloudKeyLapse,
    (jobs, settings, deps) => new PgBossOpenCloudKeyLapse(jobs, settings.keyLifetime.lapseCheck, deps),
  );
});

export type WorkspaceUseCases = Parameters<typeof workspaceRoutes>[0] & {
  connected: MikroOrmConnectedGroups;
  autoPromote: AutoPromote;
  remindSession: RemindSession;
  notifyQuotaBehind: NotifyQuotaBehind;
  warnOpenCloudKeyLapse: WarnOpenCloudKeyLapse;
};

/** The connected groups and the access rule over them, alike for the Roblox area and its workspace. */
function groupAccess(config: Config, orm: Orm, customers: CustomerRepository, memberships: RobloxMemberships) {
  const connected = new MikroOrmConnectedGroups(orm);
  const rankCheck = { maxAgeMs: config.roblox.rankCheckCacheMs };
  return { connected, rankCheck, access: new GroupAccessPolicy(customers, memberships, connected, rankCheck) };
}

/**
 * The workspace's pg-boss workers take their settings and what they run from one set of parts: the use cases, the
 * groups they go through, and a request context (and the log) for each job.
 */
interface WorkspaceWorkerDeps {
  autoPromote: AutoPromote;
  remind: RemindSession;
  notifyQuotaBehind: NotifyQuotaBehind;
  warnOpenCloudKeyLapse: WarnOpenCloudKeyLapse;
  groups: MikroOrmConnectedGroups;
  scoped: <T>(work: () => Promise<T>) => Promise<T>;
  logger: Logger;
}

function bindWorkspaceWorker<T>(
  bind: Bind,
  id: Token<T>,
  build: (jobs: PgBossJobs, settings: Config['roblox']['workspace'], deps: WorkspaceWorkerDeps) => T,
): void {
  bind<T>(id)
    .toResolvedValue(
      (config: Config, orm: Orm, jobs: PgBossJobs, logger: Logger, useCases: WorkspaceUseCases) =>
        build(jobs, config.roblox.workspace, {
          autoPromote: useCases.autoPromote,
          remind: useCases.remindSession,
          notifyQuotaBehind: useCases.notifyQuotaBehind,
          warnOpenCloudKeyLapse: useCases.warnOpenCloudKeyLapse,
          groups: useCases.connected,
          scoped: (work) => inRequestContext(orm, work),
          logger,
        }),
      [TOKENS.Config, TOKENS.Orm, TOKENS.PgBossJobs, TOKENS.Logger, TOKENS.WorkspaceUseCases],
    )
    .inSingletonScope();
}
