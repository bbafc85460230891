import Router from '@koa/router';
import type { Context } from 'koa';
import type {
  CancelRobloxClaim,
  ConnectedGroup,
  ConnectGroup,
  DescribeRobloxAccount,
  GetCurrentCustomer,
  IssueVerificationCode,
  LinkRobloxAccount,
  ListConnectedGroups,
  ListUserGroups,
  LookUpGroup,
  ListGroupRanks,
  GetConnectedGroup,
  ReadRobloxProfile,
  ReadRobloxHeadshot,
  SearchRobloxUsers,
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
  UnlinkRobloxAccount,
  VerifyRobloxCode,
} from '@groupflow/core';
import {
  activityReportSchema,
  applicationStatusSchema,
  connectGroupSchema,
  groupIdParamsSchema,
  linkRobloxSchema,
  newApplicationSchema,
  newTrainingSessionSchema,
  recordIdParamsSchema,
  customerEndpoints,
  robloxEndpoints as api,
  robloxUserIdParamsSchema,
  trainingStatusSchema,
  updateWorkspaceSettingsSchema,
  userSearchQuerySchema,
  verificationCodeRequestSchema,
  verifyCodeSchema,
  type ConnectedGroupWire,
} from '@groupflow/core/contracts';
import { sessionCustomerId } from '../auth/customerSession.ts';
import { BoundedQueue } from '../../concurrency/BoundedQueue.ts';
import { validate } from '../validate.ts';

export interface RobloxRouteDeps {
  getCurrentCustomer: GetCurrentCustomer;
  linkRobloxAccount: LinkRobloxAccount;
  unlinkRobloxAccount: UnlinkRobloxAccount;
  cancelRobloxClaim: CancelRobloxClaim;
  issueVerificationCode: IssueVerificationCode;
  verifyRobloxCode: VerifyRobloxCode;
  describeRobloxAccount: DescribeRobloxAccount;
  readRobloxProfile: ReadRobloxProfile;
  readRobloxHeadshot: ReadRobloxHeadshot;
  searchRobloxUsers: SearchRobloxUsers;
  listUserGroups: ListUserGroups;
  lookUpGroup: LookUpGroup;
  listGroupRanks: ListGroupRanks;
  connectGroup: ConnectGroup;
  listConnectedGroups: ListConnectedGroups;
  getConnectedGroup: GetConnectedGroup;
  readGroupStats: ReadGroupStats;
  listGroupMembers: ListGroupMembers;
  readGroupActivity: ReadGroupActivity;
  listActivitySessions: ListActivitySessions;
  listApplications: ListApplications;
  listTraining: ListTraining;
  createApplication: CreateApplication;
  changeApplicationStatus: ChangeApplicationStatus;
  createTraining: CreateTraining;
  changeTrainingStatus: ChangeTrainingStatus;
  readWorkspaceSettings: ReadWorkspaceSettings;
  updateWorkspaceSettings: UpdateWorkspaceSettings;
  recordActivity: RecordActivity;
  /** ACTIVITY_REPORT_CONCURRENCY: game-server reports written at once; the rest wait their turn. */
  activityReportConcurrency: number;
  /** How long browsers may keep a headshot: as long as the server keeps the user's lookups (ROBLOX_USERS_CACHE_SECONDS). */
  headshotCacheSeconds: number;
}

/** The wire form of a connected group: never the activity key (shown once, when connecting or rotating). */
function connectedGroupWire(group: ConnectedGroup): Omit<ConnectedGroupWire, 'createdAt'> & { createdAt: Date } {
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

const groupIdOf = (ctx: Context) => validate(groupIdParamsSchema, ctx.params).groupId;
const recordOf = (ctx: Context) => validate(recordIdParamsSchema, ctx.params);

/** The bearer key of a game server (`Authorization: Bearer <activityKey>`). */
function bearer(ctx: Context): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'));
  return match?.[1];
}

/** Linking and proof, the user's groups, connected groups and their workspace, and the game servers' reports. */
export function robloxRoutes(deps: RobloxRouteDeps): Router {
  const router = new Router();
  // Hundreds of game servers report at once; unbounded, they take every pool connection and the workspace reads
  // (and the reports themselves) fail on the pool's acquire timeout. Queued, the pool keeps room for the rest.
  const reports = new BoundedQueue(deps.activityReportConcurrency);
  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });
  const me = sessionCustomerId;
  /** The session's customer id once the session is known good: visitors learn nothing about bodies. */
  const signedIn = async (ctx: Context) => (await deps.getCurrentCustomer.execute(me(ctx))).id;

  router.post(api.linkRoblox.path, async (ctx) => {
    const customerId = await signedIn(ctx);
    ctx.body = await deps.linkRobloxAccount.execute(customerId, validate(linkRobloxSchema, ctx.request.body).username);
  });
  router.delete(api.unlinkRoblox.path, async (ctx) => {
    ctx.body = await deps.unlinkRobloxAccount.execute(me(ctx));
  });
  router.delete(api.cancelRobloxClaim.path, async (ctx) => {
    ctx.body = await deps.cancelRobloxClaim.execute(me(ctx));
  });
  router.post(api.issueVerificationCode.path, async (ctx) => {
    const customerId = await signedIn(ctx);
    const { length } = validate(verificationCodeRequestSchema, ctx.request.body);
    ctx.body = await deps.issueVerificationCode.execute(customerId, length);
  });
  router.post(api.verifyCode.path, async (ctx) => {
    const customerId = await signedIn(ctx);
    ctx.body = await deps.verifyRobloxCode.execute(
      customerId,
      validate(verifyCodeSchema, ctx.request.body).code || undefined,
    );
  });
  router.get(customerEndpoints.getAuthMe.path, async (ctx) => {
    ctx.body = await deps.describeRobloxAccount.execute(me(ctx));
  });
  router.get(api.robloxUser.path, async (ctx) => {
    ctx.body = await deps.readRobloxProfile.execute(me(ctx));
  });
  router.get(api.headshot.path, async (ctx) => {
    const { userId } = validate(robloxUserIdParamsSchema, ctx.params);
    const image = await deps.readRobloxHeadshot.execute(me(ctx), userId);
    // Private: the answer is for a signed-in customer, so shared caches must not hand it to visitors.
    ctx.set('Cache-Control', `private, max-age=${deps.headshotCacheSeconds}`);
    ctx.type = image.contentType;
    ctx.body = Buffer.from(image.bytes);
  });
  router.get(api.searchUsers.path, async (ctx) => {
    const customerId = await signedIn(ctx);
    ctx.body = await deps.searchRobloxUsers.execute(customerId, validate(userSearchQuerySchema, ctx.query).keyword);
  });
  router.get(api.userGroups.path, async (ctx) => {
    ctx.body = await deps.listUserGroups.execute(me(ctx));
  });
  router.get(api.groupInfo.path, async (ctx) => {
    ctx.body = await deps.lookUpGroup.execute(me(ctx), groupIdOf(ctx));
  });
  router.get(api.groupRanks.path, async (ctx) => {
    ctx.body = await deps.listGroupRanks.execute(me(ctx), groupIdOf(ctx));
  });

  for (const path of [api.addGroup.path, api.connectGroup.path]) {
    router.post(path, async (ctx) => {
      const customerId = await signedIn(ctx);
      const group = await deps.connectGroup.execute(customerId, validate(connectGroupSchema, ctx.request.body));
      ctx.status = 201;
      // The new key, this once: only its SHA-256 is stored.
      ctx.body = { ...connectedGroupWire(group), activityKey: group.activityKey };
    });
  }
  router.get(api.connectedGroups.path, async (ctx) => {
    ctx.body = (await deps.listConnectedGroups.execute(me(ctx))).map(connectedGroupWire);
  });
  router.get(api.connectedGroup.path, async (ctx) => {
    ctx.body = connectedGroupWire(await deps.getConnectedGroup.execute(me(ctx), groupIdOf(ctx)));
  });

  router.get(api.groupStats.path, async (ctx) => {
    ctx.body = await deps.readGroupStats.execute(me(ctx), groupIdOf(ctx));
  });
  router.get(api.groupMembers.path, async (ctx) => {
    ctx.body = (await deps.listGroupMembers.execute(me(ctx), groupIdOf(ctx))).map(({ rankName, ...member }) => ({
      ...member,
      rank: rankName,
    }));
  });
  router.get(api.groupActivity.path, async (ctx) => {
    ctx.body = await deps.readGroupActivity.execute(me(ctx), groupIdOf(ctx));
  });
  router.get(api.groupActivitySessions.path, async (ctx) => {
    ctx.body = await deps.listActivitySessions.execute(me(ctx), groupIdOf(ctx));
  });
  router.post(api.reportActivity.path, async (ctx) => {
    const groupId = groupIdOf(ctx);
    const key = bearer(ctx);
    const { eventId, sentAt, ...report } = validate(activityReportSchema, ctx.request.body);
    const events = 'events' in report ? report.events : [report];
    ctx.body = await reports.run(() =>
      deps.recordActivity.execute(groupId, key, { eventId, sentAt: new Date(sentAt), events }),
    );
  });

  router.get(api.groupApplications.path, async (ctx) => {
    ctx.body = await deps.listApplications.execute(me(ctx), groupIdOf(ctx));
  });
  router.post(api.createApplication.path, async (ctx) => {
    const customerId = await signedIn(ctx);
    const groupId = groupIdOf(ctx);
    ctx.status = 201;
    ctx.body = await deps.createApplication.execute(
      customerId,
      groupId,
      validate(newApplicationSchema, ctx.request.body),
    );
  });
  router.patch(api.changeApplicationStatus.path, async (ctx) => {
    const customerId = await signedIn(ctx);
    const { groupId, id } = recordOf(ctx);
    ctx.body = await deps.changeApplicationStatus.execute(
      customerId,
      groupId,
      id,
      validate(applicationStatusSchema, ctx.request.body).status,
    );
  });
  router.get(api.groupTraining.path, async (ctx) => {
    ctx.body = await deps.listTraining.execute(me(ctx), groupIdOf(ctx));
  });
  router.post(api.createTraining.path, async (ctx) => {
    const customerId = await signedIn(ctx);
    const groupId = groupIdOf(ctx);
    const input = validate(newTrainingSessionSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await deps.createTraining.execute(customerId, groupId, {
      ...input,
      scheduledAt: input.scheduledAt ? new Date(input.scheduledAt) : null,
    });
  });
  router.patch(api.changeTrainingStatus.path, async (ctx) => {
    const customerId = await signedIn(ctx);
    const { groupId, id } = recordOf(ctx);
    ctx.body = await deps.changeTrainingStatus.execute(
      customerId,
      groupId,
      id,
      validate(trainingStatusSchema, ctx.request.body).status,
    );
  });

  router.get(api.groupSettings.path, async (ctx) => {
    ctx.body = await deps.readWorkspaceSettings.execute(me(ctx), groupIdOf(ctx));
  });
  router.put(api.updateGroupSettings.path, async (ctx) => {
    const customerId = await signedIn(ctx);
    const groupId = groupIdOf(ctx);
    ctx.body = await deps.updateWorkspaceSettings.execute(
      customerId,
      groupId,
      validate(updateWorkspaceSettingsSchema, ctx.request.body),
    );
  });
  return router;
}
