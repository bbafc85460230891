import type Router from '@koa/router';
import type {
  AutoPromote,
  ChangeMemberRank,
  GetCurrentCustomer,
  ListNotifications,
  ManageDocuments,
  ManageQuotas,
  ManageTimeOff,
  ReadQuotaProgress,
  ReadRankAudit,
  ReadActivityFeed,
  ReadAnalytics,
  ReviewApplication,
  SaveOpenCloudKey,
  ScheduleSessions,
  TimeOff,
} from '@groupflow/core';
import {
  workspaceEndpoints as api,
  workspaceQuotaEndpoints as quotaApi,
  workspaceSessionEndpoints as sessionApi,
  workspaceApplicationEndpoints as applicationApi,
  workspaceFeedEndpoints as feedApi,
  workspaceAnalyticsEndpoints as analyticsApi,
  workspaceDocumentEndpoints as documentApi,
} from '@groupflow/core/contracts';
import { apiRouter, route } from '../route.ts';

export interface WorkspaceRouteDeps {
  getCurrentCustomer: GetCurrentCustomer;
  saveOpenCloudKey: SaveOpenCloudKey;
  changeMemberRank: ChangeMemberRank;
  readRankAudit: ReadRankAudit;
  listNotifications: ListNotifications;
  manageQuotas: ManageQuotas;
  readQuotaProgress: ReadQuotaProgress;
  autoPromote: AutoPromote;
  manageTimeOff: ManageTimeOff;
  scheduleSessions: ScheduleSessions;
  reviewApplication: ReviewApplication;
  readActivityFeed: ReadActivityFeed;
  manageDocuments: ManageDocuments;
  readAnalytics: ReadAnalytics;
}

/** A request as the workspace shows it: never the filer's GroupFlow account id. */
const timeOffWire = ({ customerId: _account, groupId: _group, ...request }: TimeOff) => request;

/** The group workspace's ranking, audit trail and the customer's notifications (core/src/contracts/workspace.ts). */
export function workspaceRoutes(deps: WorkspaceRouteDeps): Router {
  const router = apiRouter({ getCurrentCustomer: deps.getCurrentCustomer });

  route(router, api.openCloudKey, ({ caller, params }) =>
    deps.saveOpenCloudKey.status(caller.customerId, params.groupId),
  );
  route(router, api.saveOpenCloudKey, ({ caller, params, body }) =>
    deps.saveOpenCloudKey.save(caller.customerId, params.groupId, body.apiKey),
  );
  route(router, api.rankMember, ({ caller, params, body }) =>
    deps.changeMemberRank.execute(caller.customerId, params.groupId, params.userId, body),
  );
  route(router, api.rankAudit, ({ caller, params }) => deps.readRankAudit.execute(caller.customerId, params.groupId));
  route(router, api.notifications, ({ caller }) => deps.listNotifications.list(caller.customerId));
  route(router, api.markNotificationsRead, ({ caller, body }) =>
    deps.listNotifications.markRead(caller.customerId, body.ids),
  );

  route(router, quotaApi.quotas, ({ caller, params }) => deps.manageQuotas.list(caller.customerId, params.groupId));
  route(router, quotaApi.replaceQuotas, ({ caller, params, body }) =>
    deps.manageQuotas.replace(caller.customerId, params.groupId, body),
  );
  route(router, quotaApi.quotaProgress, ({ caller, params, query }) =>
    deps.readQuotaProgress.execute(caller.customerId, params.groupId, query.week),
  );
  route(router, quotaApi.promotionRules, ({ caller, params }) =>
    deps.autoPromote.rules(caller.customerId, params.groupId),
  );
  route(router, quotaApi.replacePromotionRules, ({ caller, params, body }) =>
    deps.autoPromote.setRules(caller.customerId, params.groupId, body),
  );
  route(router, quotaApi.promotionPreview, ({ caller, params }) =>
    deps.autoPromote.preview(caller.customerId, params.groupId),
  );
  route(router, quotaApi.requestTimeOff, async ({ caller, params, body }) =>
    timeOffWire(await deps.manageTimeOff.request(caller.customerId, params.groupId, body)),
  );
  route(router, quotaApi.timeOff, async ({ caller, params }) =>
    (await deps.manageTimeOff.list(caller.customerId, params.groupId)).map(timeOffWire),
  );
  route(router, quotaApi.decideTimeOff, async ({ caller, params, body }) =>
    timeOffWire(await deps.manageTimeOff.decide(caller.customerId, params.groupId, params.id, body)),
  );

  route(router, sessionApi.scheduleSession, ({ caller, params, body }) =>
    deps.scheduleSessions.create(caller.customerId, params.groupId, { ...body, startsAt: new Date(body.startsAt) }),
  );
  route(router, sessionApi.sessions, ({ caller, params }) =>
    deps.scheduleSessions.list(caller.customerId, params.groupId),
  );
  route(router, sessionApi.sessionHost, ({ caller, params, body }) =>
    deps.scheduleSessions.assignHost(caller.customerId, params.groupId, params.id, body),
  );
  route(router, sessionApi.sessionSignup, ({ caller, params }) =>
    deps.scheduleSessions.signup(caller.customerId, params.groupId, params.id),
  );
  route(router, applicationApi.reviewApplication, ({ caller, params, body }) =>
    deps.reviewApplication.execute(caller.customerId, params.groupId, params.id, body),
  );
  route(router, feedApi.activityFeed, ({ caller, params }) =>
    deps.readActivityFeed.execute(caller.customerId, params.groupId),
  );
  route(router, documentApi.createDocument, ({ caller, params, body }) =>
    deps.manageDocuments.create(caller.customerId, params.groupId, body),
  );
  route(router, documentApi.documents, ({ caller, params }) =>
    deps.manageDocuments.list(caller.customerId, params.groupId),
  );
  route(router, analyticsApi.analytics, ({ caller, params }) =>
    deps.readAnalytics.execute(caller.customerId, params.groupId),
  );
  return router;
}
