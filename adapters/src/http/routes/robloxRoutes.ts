import type Router from '@koa/router';
import type * as core from '@groupflow/core';
import { API, type ConnectedGroupWire } from '@groupflow/core/contracts';
import { BoundedQueue } from '../../concurrency/BoundedQueue.ts';
import { apiRouter, route } from '../route.ts';

export interface RobloxRouteDeps {
  getCurrentCustomer: core.GetCurrentCustomer;
  linkRobloxAccount: core.LinkRobloxAccount;
  unlinkRobloxAccount: core.UnlinkRobloxAccount;
  cancelRobloxClaim: core.CancelRobloxClaim;
  issueVerificationCode: core.IssueVerificationCode;
  verifyRobloxCode: core.VerifyRobloxCode;
  describeRobloxAccount: core.DescribeRobloxAccount;
  readRobloxProfile: core.ReadRobloxProfile;
  readRobloxHeadshot: core.ReadRobloxHeadshot;
  searchRobloxUsers: core.SearchRobloxUsers;
  listUserGroups: core.ListUserGroups;
  lookUpGroup: core.LookUpGroup;
  listGroupRanks: core.ListGroupRanks;
  connectGroup: core.ConnectGroup;
  listConnectedGroups: core.ListConnectedGroups;
  getConnectedGroup: core.GetConnectedGroup;
  readGroupStats: core.ReadGroupStats;
  listGroupMembers: core.ListGroupMembers;
  readGroupActivity: core.ReadGroupActivity;
  listActivitySessions: core.ListActivitySessions;
  listApplications: core.ListApplications;
  listTraining: core.ListTraining;
  createApplication: core.CreateApplication;
  changeApplicationStatus: core.ChangeApplicationStatus;
  createTraining: core.CreateTraining;
  changeTrainingStatus: core.ChangeTrainingStatus;
  readWorkspaceSettings: core.ReadWorkspaceSettings;
  updateWorkspaceSettings: core.UpdateWorkspaceSettings;
  recordActivity: core.RecordActivity;
  /** ACTIVITY_REPORT_CONCURRENCY: game-server reports written at once; the rest wait their turn. */
  activityReportConcurrency: number;
  /** How long browsers may keep a headshot: as long as the server keeps the user's lookups (ROBLOX_USERS_CACHE_SECONDS). */
  headshotCacheSeconds: number;
}

/** The wire form of a connected group: never the activity key (shown once, when connecting or rotating). */
function connectedGroupWire(group: core.ConnectedGroup): Omit<ConnectedGroupWire, 'createdAt'> & { createdAt: Date } {
  return {
    groupId: group.groupId,
    name: group.name,
    description: group.description,
    memberCount: group.memberCount,
    owner: group.ownerName,
    ownerRobloxId: group.ownerUserId,
    ownerDisplayName: group.ownerDisplayName,
    roles: group.ranks,
    activityTracking: group.activityTracking,
    autoRank: group.autoRank,
    quotaSystem: group.quotaSystem,
    activityTrackingEnabled: group.activityTracking,
    isVerified: group.isVerified,
    hasVerifiedBadge: group.hasVerifiedBadge,
    publicEntryAllowed: group.publicEntryAllowed,
    buildersClubMembersOnly: group.buildersClubMembersOnly,
    createdAt: group.createdAt,
  };
}

/** Linking and proof, the user's groups, connected groups and their workspace, and the game servers' reports. */
export function robloxRoutes(deps: RobloxRouteDeps): Router {
  const router = apiRouter({ getCurrentCustomer: deps.getCurrentCustomer });
  // Hundreds of game servers report at once; unbounded, they take every pool connection and the workspace reads
  // (and the reports themselves) fail on the pool's acquire timeout. Queued, the pool keeps room for the rest.
  const reports = new BoundedQueue(deps.activityReportConcurrency);

  route(router, API.roblox.linkRobloxAccount, ({ caller, body }) =>
    deps.linkRobloxAccount.execute(caller.customerId, body.username),
  );
  route(router, API.roblox.unlinkRobloxAccount, ({ caller }) => deps.unlinkRobloxAccount.execute(caller.customerId));
  route(router, API.roblox.cancelRobloxClaim, ({ caller }) => deps.cancelRobloxClaim.execute(caller.customerId));
  route(router, API.roblox.issueVerificationCode, ({ caller, body }) =>
    deps.issueVerificationCode.execute(caller.customerId, body.length),
  );
  route(router, API.roblox.verifyRobloxCode, ({ caller, body }) =>
    deps.verifyRobloxCode.execute(caller.customerId, body.code || undefined),
  );
  route(router, API.customer.describeRobloxAccount, ({ caller }) =>
    deps.describeRobloxAccount.execute(caller.customerId),
  );
  route(router, API.roblox.readRobloxProfile, ({ caller }) => deps.readRobloxProfile.execute(caller.customerId));
  route(router, API.roblox.readRobloxHeadshot, async ({ caller, params, ctx }) => {
    const image = await deps.readRobloxHeadshot.execute(caller.customerId, params.userId);
    // Private: the answer is for a signed-in customer, so shared caches must not hand it to visitors.
    ctx.set('Cache-Control', `private, max-age=${deps.headshotCacheSeconds}`);
    ctx.type = image.contentType;
    return image.bytes;
  });
  route(router, API.roblox.searchRobloxUsers, ({ caller, query }) =>
    deps.searchRobloxUsers.execute(caller.customerId, query.keyword),
  );
  route(router, API.roblox.listUserGroups, ({ caller }) => deps.listUserGroups.execute(caller.customerId));
  route(router, API.roblox.lookUpGroup, ({ caller, params }) =>
    deps.lookUpGroup.execute(caller.customerId, params.groupId),
  );
  route(router, API.roblox.listGroupRanks, ({ caller, params }) =>
    deps.listGroupRanks.execute(caller.customerId, params.groupId),
  );

  for (const connect of [API.roblox.connectGroup, API.roblox.connectGroupWithRanks]) {
    route(router, connect, async ({ caller, body }) => {
      const group = await deps.connectGroup.execute(caller.customerId, body);
      // The new key, this once: only its SHA-256 is stored.
      return { ...connectedGroupWire(group), activityKey: group.activityKey };
    });
  }
  route(router, API.roblox.listConnectedGroups, async ({ caller }) =>
    (await deps.listConnectedGroups.execute(caller.customerId)).map(connectedGroupWire),
  );
  route(router, API.roblox.getConnectedGroup, async ({ caller, params }) =>
    connectedGroupWire(await deps.getConnectedGroup.execute(caller.customerId, params.groupId)),
  );

  route(router, API.roblox.readGroupStats, ({ caller, params }) =>
    deps.readGroupStats.execute(caller.customerId, params.groupId),
  );
  route(router, API.roblox.listGroupMembers, async ({ caller, params }) =>
    (await deps.listGroupMembers.execute(caller.customerId, params.groupId)).map(({ rankName, ...member }) => ({
      ...member,
      rank: rankName,
    })),
  );
  route(router, API.roblox.readGroupActivity, ({ caller, params }) =>
    deps.readGroupActivity.execute(caller.customerId, params.groupId),
  );
  route(router, API.roblox.listActivitySessions, ({ caller, params }) =>
    deps.listActivitySessions.execute(caller.customerId, params.groupId),
  );
  route(router, API.roblox.recordActivity, ({ caller, params, body }) => {
    const { eventId, sentAt, ...report } = body;
    const events = 'events' in report ? report.events : [report];
    return reports.run(() =>
      deps.recordActivity.execute(params.groupId, caller.activityKey, { eventId, sentAt: new Date(sentAt), events }),
    );
  });

  route(router, API.roblox.listApplications, ({ caller, params }) =>
    deps.listApplications.execute(caller.customerId, params.groupId),
  );
  route(router, API.roblox.createApplication, ({ caller, params, body }) =>
    deps.createApplication.execute(caller.customerId, params.groupId, body),
  );
  route(router, API.roblox.changeApplicationStatus, ({ caller, params, body }) =>
    deps.changeApplicationStatus.execute(caller.customerId, params.groupId, params.id, body.status),
  );
  route(router, API.roblox.listTraining, ({ caller, params }) =>
    deps.listTraining.execute(caller.customerId, params.groupId),
  );
  route(router, API.roblox.createTraining, ({ caller, params, body }) =>
    deps.createTraining.execute(caller.customerId, params.groupId, {
      ...body,
      scheduledAt: body.scheduledAt ? new Date(body.scheduledAt) : null,
    }),
  );
  route(router, API.roblox.changeTrainingStatus, ({ caller, params, body }) =>
    deps.changeTrainingStatus.execute(caller.customerId, params.groupId, params.id, body.status),
  );

  route(router, API.roblox.readWorkspaceSettings, ({ caller, params }) =>
    deps.readWorkspaceSettings.execute(caller.customerId, params.groupId),
  );
  route(router, API.roblox.updateWorkspaceSettings, ({ caller, params, body }) =>
    deps.updateWorkspaceSettings.execute(caller.customerId, params.groupId, body),
  );
  return router;
}
