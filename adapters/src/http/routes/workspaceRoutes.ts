import type Router from '@koa/router';
import type * as core from '@groupflow/core';
import { API } from '@groupflow/core/contracts';
import { apiRouter, route } from '../route.ts';

export interface WorkspaceRouteDeps {
  getCurrentCustomer: core.GetCurrentCustomer;
  readOpenCloudKey: core.ReadOpenCloudKey;
  saveOpenCloudKey: core.SaveOpenCloudKey;
  changeMemberRank: core.ChangeMemberRank;
  readRankAudit: core.ReadRankAudit;
  listNotifications: core.ListNotifications;
  markNotificationsRead: core.MarkNotificationsRead;
  listQuotas: core.ListQuotas;
  replaceQuotas: core.ReplaceQuotas;
  readQuotaProgress: core.ReadQuotaProgress;
  readPromotionRules: core.ReadPromotionRules;
  replacePromotionRules: core.ReplacePromotionRules;
  previewPromotions: core.PreviewPromotions;
  requestTimeOff: core.RequestTimeOff;
  listTimeOff: core.ListTimeOff;
  decideTimeOff: core.DecideTimeOff;
  scheduleSession: core.ScheduleSession;
  listSessions: core.ListSessions;
  assignSessionHost: core.AssignSessionHost;
  signUpForSession: core.SignUpForSession;
  reviewApplication: core.ReviewApplication;
  readActivityFeed: core.ReadActivityFeed;
  createDocument: core.CreateDocument;
  listDocuments: core.ListDocuments;
  readAnalytics: core.ReadAnalytics;
}

/** A request as the workspace shows it: never the filer's GroupFlow account id. */
const timeOffWire = ({ customerId: _account, groupId: _group, ...request }: core.TimeOff) => request;

/** A rule as the workspace shows it: its saver by Roblox name, never by GroupFlow account. */
const promotionRuleWire = ({ savedBy, ...rule }: core.PromotionRule) => ({
  ...rule,
  savedBy: savedBy?.robloxName ?? null,
});

/** The group workspace's ranking, audit trail and the customer's notifications (core/src/contracts/workspace.ts). */
export function workspaceRoutes(deps: WorkspaceRouteDeps): Router {
  const router = apiRouter({ getCurrentCustomer: deps.getCurrentCustomer });

  route(router, API.roblox.readOpenCloudKey, ({ caller, params }) =>
    deps.readOpenCloudKey.execute(caller.customerId, params.groupId),
  );
  route(router, API.roblox.saveOpenCloudKey, ({ caller, params, body }) =>
    deps.saveOpenCloudKey.execute(caller.customerId, params.groupId, body.apiKey),
  );
  route(router, API.roblox.changeMemberRank, ({ caller, params, body }) =>
    deps.changeMemberRank.execute(caller.customerId, params.groupId, params.userId, body),
  );
  route(router, API.roblox.readRankAudit, ({ caller, params }) =>
    deps.readRankAudit.execute(caller.customerId, params.groupId),
  );
  route(router, API.roblox.listNotifications, ({ caller }) => deps.listNotifications.execute(caller.customerId));
  route(router, API.roblox.markNotificationsRead, ({ caller, body }) =>
    deps.markNotificationsRead.execute(caller.customerId, body.ids),
  );

  route(router, API.roblox.listQuotas, ({ caller, params }) =>
    deps.listQuotas.execute(caller.customerId, params.groupId),
  );
  route(router, API.roblox.replaceQuotas, ({ caller, params, body }) =>
    deps.replaceQuotas.execute(caller.customerId, params.groupId, body),
  );
  route(router, API.roblox.readQuotaProgress, ({ caller, params, query }) =>
    deps.readQuotaProgress.execute(caller.customerId, params.groupId, query.week),
  );
  route(router, API.roblox.readPromotionRules, async ({ caller, params }) =>
    (await deps.readPromotionRules.execute(caller.customerId, params.groupId)).map(promotionRuleWire),
  );
  route(router, API.roblox.replacePromotionRules, async ({ caller, params, body }) =>
    (await deps.replacePromotionRules.execute(caller.customerId, params.groupId, body)).map(promotionRuleWire),
  );
  route(router, API.roblox.previewPromotions, ({ caller, params }) =>
    deps.previewPromotions.execute(caller.customerId, params.groupId),
  );
  route(router, API.roblox.requestTimeOff, async ({ caller, params, body }) =>
    timeOffWire(await deps.requestTimeOff.execute(caller.customerId, params.groupId, body)),
  );
  route(router, API.roblox.listTimeOff, async ({ caller, params }) =>
    (await deps.listTimeOff.execute(caller.customerId, params.groupId)).map(timeOffWire),
  );
  route(router, API.roblox.decideTimeOff, async ({ caller, params, body }) =>
    timeOffWire(await deps.decideTimeOff.execute(caller.customerId, params.groupId, params.id, body)),
  );

  route(router, API.roblox.scheduleSession, ({ caller, params, body }) =>
    deps.scheduleSession.execute(caller.customerId, params.groupId, { ...body, startsAt: new Date(body.startsAt) }),
  );
  route(router, API.roblox.listSessions, ({ caller, params }) =>
    deps.listSessions.execute(caller.customerId, params.groupId),
  );
  route(router, API.roblox.assignSessionHost, ({ caller, params, body }) =>
    deps.assignSessionHost.execute(caller.customerId, params.groupId, params.id, body),
  );
  route(router, API.roblox.signUpForSession, ({ caller, params }) =>
    deps.signUpForSession.execute(caller.customerId, params.groupId, params.id),
  );
  route(router, API.roblox.reviewApplication, ({ caller, params, body }) =>
    deps.reviewApplication.execute(caller.customerId, params.groupId, params.id, body),
  );
  route(router, API.roblox.readActivityFeed, ({ caller, params }) =>
    deps.readActivityFeed.execute(caller.customerId, params.groupId),
  );
  route(router, API.roblox.createDocument, ({ caller, params, body }) =>
    deps.createDocument.execute(caller.customerId, params.groupId, body),
  );
  route(router, API.roblox.listDocuments, ({ caller, params }) =>
    deps.listDocuments.execute(caller.customerId, params.groupId),
  );
  route(router, API.roblox.readAnalytics, ({ caller, params }) =>
    deps.readAnalytics.execute(caller.customerId, params.groupId),
  );
  return router;
}
