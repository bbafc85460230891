import { ContainerModule, type Bind } from 'inversify';
import {
  AnnounceSessionChange,
  AutoPromote,
  OwnerNotices,
  OpenCloudKeyWatch,
  WarnOpenCloudKeyLapse,
  NotifyQuotaBehind,
  ListQuotaNoticeGroups,
  RemindSession,
  ChangeMemberRank,
  RankingEngine,
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
  systemClock,
} from '@groupflow/core';
import { MikroOrmConnectedGroups } from '@groupflow/adapters/persistence/roblox/MikroOrmConnectedGroups';
import { MikroOrmGroupRecords } from '@groupflow/adapters/persistence/roblox/MikroOrmGroupRecords';
import { OpenCloudGroupRanking } from '@groupflow/adapters/roblox/OpenCloudGroupRanking';
import { RobloxGroupRoster } from '@groupflow/adapters/roblox/RobloxGroupRoster';
import { AesGcmSecretBox } from '@groupflow/adapters/crypto/AesGcmSecretBox';
import { MikroOrmGroupOpenCloudKeys } from '@groupflow/adapters/persistence/roblox/MikroOrmGroupOpenCloudKeys';
import { MikroOrmRankAuditTrail } from '@groupflow/adapters/persistence/roblox/MikroOrmRankAuditTrail';
import { MikroOrmCustomerNotifications } from '@groupflow/adapters/persistence/notifications/MikroOrmCustomerNotifications';
import { workspaceRoutes } from '@groupflow/adapters/http/routes/workspaceRoutes';
import { MikroOrmGroupQuotas } from '@groupflow/adapters/persistence/roblox/MikroOrmGroupQuotas';
import { MikroOrmTimeOffRequests } from '@groupflow/adapters/persistence/roblox/MikroOrmTimeOffRequests';
import { PostgresMemberFigures } from '@groupflow/adapters/persistence/roblox/PostgresMemberFigures';
import { MikroOrmGroupSessions } from '@groupflow/adapters/persistence/roblox/MikroOrmGroupSessions';
import { PostgresActivityFeed } from '@groupflow/adapters/persistence/roblox/PostgresActivityFeed';
import { MikroOrmGroupDocuments } from '@groupflow/adapters/persistence/roblox/MikroOrmGroupDocuments';
import { PostgresAnalyticsFigures } from '@groupflow/adapters/persistence/roblox/PostgresAnalyticsFigures';
import { PgBossAutoPromotion } from '@groupflow/adapters/jobs/PgBossAutoPromotion';
import { PgBossQuotaBehind } from '@groupflow/adapters/jobs/PgBossQuotaBehind';
import { PgBossOpenCloudKeyLapse } from '@groupflow/adapters/jobs/PgBossOpenCloudKeyLapse';
import { PgBossSessionReminderWorker } from '@groupflow/adapters/jobs/PgBossSessionNotices';
import { inRequestContext } from '@groupflow/adapters/persistence/database';
import type { PgBossJobs } from '@groupflow/adapters/jobs/PgBossJobs';
import type { Logger } from 'pino';
import { loadSessionSecret } from '../sessionSecret.ts';
import type { Config } from '../config.ts';
import { bindFrom, TOKENS, type Token } from './tokens.ts';

/**
 * The group workspace: ranking through Open Cloud (the group's own sealed key) with its audit trail, quotas,
 * auto promotion, time off and the customer's notifications; needs robloxPortsModule, customerModule and
 * jobsModule.
 */
export const workspaceModule = new ContainerModule(({ bind }) => {
  bindFrom(
    bind,
    TOKENS.WorkspaceUseCases,
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
      TOKENS.GroupAccess,
      TOKENS.GetCurrentCustomer,
    ],
    (
      config,
      orm,
      customers,
      users,
      memberships,
      api,
      cache,
      roleSync,
      sessionNotices,
      groups,
      { connected, access },
      getCurrentCustomer,
    ) => {
      const { workspace, activity } = config.roblox;
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
        listQuotaNoticeGroups: new ListQuotaNoticeGroups({
          groups: connected,
          clock: systemClock,
          settings: { week: workspace.quotaWeek, noticeBeforeEndMs: workspace.quotaBehind.noticeBeforeEndMs },
        }),
        getCurrentCustomer,
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
  ).inSingletonScope();
  bindFrom(bind, TOKENS.Routers, [TOKENS.WorkspaceUseCases], (useCases) =>
    workspaceRoutes(useCases),
  ).inSingletonScope();
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

/**
 * The workspace's pg-boss workers take their settings and what they run from one set of parts: the use cases, the
 * groups they go through, and a request context (and the log) for each job.
 */
interface WorkspaceWorkerDeps {
  autoPromote: AutoPromote;
  remind: RemindSession;
  notifyQuotaBehind: NotifyQuotaBehind;
  listQuotaNoticeGroups: ListQuotaNoticeGroups;
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
  bindFrom(
    bind,
    id,
    [TOKENS.Config, TOKENS.Orm, TOKENS.PgBossJobs, TOKENS.Logger, TOKENS.WorkspaceUseCases],
    (config, orm, jobs, logger, useCases) =>
      build(jobs, config.roblox.workspace, {
        autoPromote: useCases.autoPromote,
        remind: useCases.remindSession,
        notifyQuotaBehind: useCases.notifyQuotaBehind,
        listQuotaNoticeGroups: useCases.listQuotaNoticeGroups,
        warnOpenCloudKeyLapse: useCases.warnOpenCloudKeyLapse,
        groups: useCases.connected,
        scoped: (work) => inRequestContext(orm, work),
        logger,
      }),
  ).inSingletonScope();
}
