import Router from '@koa/router';
import type { Context } from 'koa';
import type {
  ChangeMemberRank,
  GetCurrentCustomer,
  ListNotifications,
  MarkNotificationsRead,
  ListDocuments,
  CreateDocument,
  ListQuotas,
  ReplaceQuotas,
  RequestTimeOff,
  ListTimeOff,
  DecideTimeOff,
  ReadPromotionRules,
  ReplacePromotionRules,
  PreviewPromotions,
  ReadOpenCloudKey,
  ReadQuotaProgress,
  ReadRankAudit,
  ReadActivityFeed,
  ReadAnalytics,
  ReviewApplication,
  SaveOpenCloudKey,
  ScheduleSession,
  ListSessions,
  AssignSessionHost,
  SignUpForSession,
  TimeOff,
} from '@groupflow/core';
import {
  groupIdParamsSchema,
  markNotificationsReadSchema,
  memberRankParamsSchema,
  openCloudKeyBodySchema,
  promotionRulesBodySchema,
  quotaProgressQuerySchema,
  quotasBodySchema,
  rankChangeBodySchema,
  timeOffBodySchema,
  timeOffDecisionSchema,
  timeOffParamsSchema,
  workspaceEndpoints as api,
  workspaceQuotaEndpoints as quotaApi,
  workspaceSessionEndpoints as sessionApi,
  workspaceApplicationEndpoints as applicationApi,
  workspaceFeedEndpoints as feedApi,
  workspaceAnalyticsEndpoints as analyticsApi,
  workspaceDocumentEndpoints as documentApi,
  newDocumentSchema,
  applicationParamsSchema,
  applicationReviewBodySchema,
  newSessionSchema,
  sessionHostBodySchema,
  sessionParamsSchema,
} from '@groupflow/core/contracts';
import { sessionCustomerId } from '../auth/customerSession.ts';
import { validate } from '../validate.ts';

export interface WorkspaceRouteDeps {
  getCurrentCustomer: GetCurrentCustomer;
  readOpenCloudKey: ReadOpenCloudKey;
  saveOpenCloudKey: SaveOpenCloudKey;
  changeMemberRank: ChangeMemberRank;
  readRankAudit: ReadRankAudit;
  listNotifications: ListNotifications;
  markNotificationsRead: MarkNotificationsRead;
  listQuotas: ListQuotas;
  replaceQuotas: ReplaceQuotas;
  readQuotaProgress: ReadQuotaProgress;
  readPromotionRules: ReadPromotionRules;
  replacePromotionRules: ReplacePromotionRules;
  previewPromotions: PreviewPromotions;
  requestTimeOff: RequestTimeOff;
  listTimeOff: ListTimeOff;
  decideTimeOff: DecideTimeOff;
  scheduleSession: ScheduleSession;
  listSessions: ListSessions;
  assignSessionHost: AssignSessionHost;
  signUpForSession: SignUpForSession;
  reviewApplication: ReviewApplication;
  readActivityFeed: ReadActivityFeed;
  createDocument: CreateDocument;
  listDocuments: ListDocuments;
  readAnalytics: ReadAnalytics;
}

/** A request as the workspace shows it: never the filer's GroupFlow account id. */
const timeOffWire = ({ customerId: _account, groupId: _group, ...request }: TimeOff) => request;

const groupIdOf = (ctx: Context) => validate(groupIdParamsSchema, ctx.params).groupId;

/** The group workspace's ranking, audit trail and the customer's notifications (core/src/contracts/workspace.ts). */
export function workspaceRoutes(deps: WorkspaceRouteDeps): Router {
  const router = new Router();
  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });
  const me = sessionCustomerId;
  /** The session's customer id once the session is known good: visitors learn nothing about bodies. */
  const signedIn = async (ctx: Context) => (await deps.getCurrentCustomer.execute(me(ctx))).id;

  router.get(api.openCloudKey.path, async (ctx) => {
    ctx.body = await deps.readOpenCloudKey.execute(me(ctx), groupIdOf(ctx));
  });
  router.put(api.saveOpenCloudKey.path, async (ctx) => {
    const customerId = await signedIn(ctx);
    const groupId = groupIdOf(ctx);
    const { apiKey } = validate(openCloudKeyBodySchema, ctx.request.body);
    ctx.body = await deps.saveOpenCloudKey.execute(customerId, groupId, apiKey);
  });
  router.post(api.rankMember.path, async (ctx) => {
    const customerId = await signedIn(ctx);
    const { groupId, userId } = validate(memberRankParamsSchema, ctx.params);
    ctx.body = await deps.changeMemberRank.execute(
      customerId,
      groupId,
      userId,
      validate(rankChangeBodySchema, ctx.request.body),
    );
  });
  router.get(api.rankAudit.path, async (ctx) => {
    ctx.body = await deps.readRankAudit.execute(me(ctx), groupIdOf(ctx));
  });
  router.get(api.notifications.path, async (ctx) => {
    ctx.body = await deps.listNotifications.execute(me(ctx));
  });
  router.post(api.markNotificationsRead.path, async (ctx) => {
    const customerId = await signedIn(ctx);
    ctx.body = await deps.markNotificationsRead.execute(
      customerId,
      validate(markNotificationsReadSchema, ctx.request.body).ids,
    );
  });

  router.get(quotaApi.quotas.path, async (ctx) => {
    ctx.body = await deps.listQuotas.execute(me(ctx), groupIdOf(ctx));
  });
  router.put(quotaApi.replaceQuotas.path, async (ctx) => {
    const customerId = await signedIn(ctx);
    const groupId = groupIdOf(ctx);
    ctx.body = await deps.replaceQuotas.execute(customerId, groupId, validate(quotasBodySchema, ctx.request.body));
  });
  router.get(quotaApi.quotaProgress.path, async (ctx) => {
    const customerId = await signedIn(ctx);
    const groupId = groupIdOf(ctx);
    const { week } = validate(quotaProgressQuerySchema, ctx.query);
    ctx.body = await deps.readQuotaProgress.execute(customerId, groupId, week);
  });
  router.get(quotaApi.promotionRules.path, async (ctx) => {
    ctx.body = await deps.readPromotionRules.execute(me(ctx), groupIdOf(ctx));
  });
  router.put(quotaApi.replacePromotionRules.path, async (ctx) => {
    const customerId = await signedIn(ctx);
    const groupId = groupIdOf(ctx);
    ctx.body = await deps.replacePromotionRules.execute(
      customerId,
      groupId,
      validate(promotionRulesBodySchema, ctx.request.body),
    );
  });
  router.get(quotaApi.promotionPreview.path, async (ctx) => {
    ctx.body = await deps.previewPromotions.execute(me(ctx), groupIdOf(ctx));
  });
  router.post(quotaApi.requestTimeOff.path, async (ctx) => {
    const customerId = await signedIn(ctx);
    const groupId = groupIdOf(ctx);
    ctx.status = 201;
    ctx.body = timeOffWire(
      await deps.requestTimeOff.execute(customerId, groupId, validate(timeOffBodySchema, ctx.request.body)),
    );
  });
  router.get(quotaApi.timeOff.path, async (ctx) => {
    ctx.body = (await deps.listTimeOff.execute(me(ctx), groupIdOf(ctx))).map(timeOffWire);
  });
  router.patch(quotaApi.decideTimeOff.path, async (ctx) => {
    const customerId = await signedIn(ctx);
    const { groupId, id } = validate(timeOffParamsSchema, ctx.params);
    ctx.body = timeOffWire(
      await deps.decideTimeOff.execute(customerId, groupId, id, validate(timeOffDecisionSchema, ctx.request.body)),
    );
  });

  router.post(sessionApi.scheduleSession.path, async (ctx) => {
    const customerId = await signedIn(ctx);
    const groupId = groupIdOf(ctx);
    const input = validate(newSessionSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await deps.scheduleSession.execute(customerId, groupId, {
      ...input,
      startsAt: new Date(input.startsAt),
    });
  });
  router.get(sessionApi.sessions.path, async (ctx) => {
    ctx.body = await deps.listSessions.execute(me(ctx), groupIdOf(ctx));
  });
  router.post(sessionApi.sessionHost.path, async (ctx) => {
    const customerId = await signedIn(ctx);
    const { groupId, id } = validate(sessionParamsSchema, ctx.params);
    ctx.body = await deps.assignSessionHost.execute(
      customerId,
      groupId,
      id,
      validate(sessionHostBodySchema, ctx.request.body),
    );
  });
  router.post(sessionApi.sessionSignup.path, async (ctx) => {
    const customerId = await signedIn(ctx);
    const { groupId, id } = validate(sessionParamsSchema, ctx.params);
    ctx.body = await deps.signUpForSession.execute(customerId, groupId, id);
  });
  router.post(applicationApi.reviewApplication.path, async (ctx) => {
    const customerId = await signedIn(ctx);
    const { groupId, id } = validate(applicationParamsSchema, ctx.params);
    ctx.body = await deps.reviewApplication.execute(
      customerId,
      groupId,
      id,
      validate(applicationReviewBodySchema, ctx.request.body),
    );
  });
  router.get(feedApi.activityFeed.path, async (ctx) => {
    ctx.body = await deps.readActivityFeed.execute(me(ctx), groupIdOf(ctx));
  });
  router.post(documentApi.createDocument.path, async (ctx) => {
    const customerId = await signedIn(ctx);
    const groupId = groupIdOf(ctx);
    ctx.status = 201;
    ctx.body = await deps.createDocument.execute(customerId, groupId, validate(newDocumentSchema, ctx.request.body));
  });
  router.get(documentApi.documents.path, async (ctx) => {
    ctx.body = await deps.listDocuments.execute(me(ctx), groupIdOf(ctx));
  });
  router.get(analyticsApi.analytics.path, async (ctx) => {
    ctx.body = await deps.readAnalytics.execute(me(ctx), groupIdOf(ctx));
  });
  return router;
}
