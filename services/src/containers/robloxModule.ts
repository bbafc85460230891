import { ContainerModule } from 'inversify';
import {
  CancelRobloxClaim,
  OwnerNotices,
  NotifyApplicationReceived,
  ConnectGroup,
  DescribeRobloxAccount,
  ReadRobloxProfile,
  ReadRobloxHeadshot,
  SearchRobloxUsers,
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
} from '@groupflow/core';
import { CryptoRandomStrings } from '@groupflow/adapters/crypto/CryptoRandomStrings';
import { MikroOrmGroupRecords } from '@groupflow/adapters/persistence/roblox/MikroOrmGroupRecords';
import { MikroOrmVerificationCodes } from '@groupflow/adapters/persistence/roblox/MikroOrmVerificationCodes';
import { MikroOrmPendingClaims } from '@groupflow/adapters/persistence/roblox/MikroOrmPendingClaims';
import { PostgresActivityLedger } from '@groupflow/adapters/persistence/roblox/PostgresActivityLedger';
import { robloxRoutes } from '@groupflow/adapters/http/routes/robloxRoutes';
import { robloxAddresses } from '@groupflow/adapters/http/robloxAddresses';
import { MikroOrmCustomerNotifications } from '@groupflow/adapters/persistence/notifications/MikroOrmCustomerNotifications';
import { groupAccess } from './groupAccess.ts';
import { bindFrom, TOKENS } from './tokens.ts';

/** The Roblox area of the API: its stores, use cases and routes (needs robloxPortsModule, customerModule and jobsModule's RoleSyncQueue). */
export const robloxModule = new ContainerModule(({ bind }) => {
  bindFrom(
    bind,
    TOKENS.GroupAccess,
    [TOKENS.Config, TOKENS.Orm, TOKENS.CustomerRepository, TOKENS.RobloxMemberships],
    groupAccess,
  ).inSingletonScope();
  bindFrom(
    bind,
    TOKENS.Routers,
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
      TOKENS.GroupAccess,
      TOKENS.GetCurrentCustomer,
    ],
    (
      config,
      orm,
      customers,
      users,
      search,
      memberships,
      groups,
      thumbnails,
      roleSync,
      profiles,
      verifyCodeQuota,
      userSearchQuota,
      transaction,
      { connected, access, rankCheck },
      getCurrentCustomer,
    ) => {
      const random = new CryptoRandomStrings();
      const codes = new MikroOrmVerificationCodes(orm);
      const claims = new MikroOrmPendingClaims(orm);
      const clock = systemClock;
      const records = new MikroOrmGroupRecords(orm);
      const { activity } = config.roblox;
      const ledger = new PostgresActivityLedger(orm, activity.summaryWindowMs, activity.receiptSweepMs);
      const { headshotAddressOf, activityEndpointOf } = robloxAddresses(config.publicUrl);
      return robloxRoutes({
        getCurrentCustomer,
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
  ).inSingletonScope();
});
