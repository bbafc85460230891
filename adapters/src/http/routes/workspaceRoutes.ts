import Router from '@koa/router';
import type { Context } from 'koa';
import type {
  ChangeMemberRank,
  GetCurrentCustomer,
  ListNotifications,
  ReadRankAudit,
  SaveOpenCloudKey,
} from '@groupflow/core';
import {
  groupIdParamsSchema,
  markNotificationsReadSchema,
  memberRankParamsSchema,
  openCloudKeyBodySchema,
  rankChangeBodySchema,
  workspaceEndpoints as api,
} from '@groupflow/core/contracts';
import { sessionCustomerId } from '../auth/customerSession.ts';
import { validate } from '../validate.ts';

export interface WorkspaceRouteDeps {
  getCurrentCustomer: GetCurrentCustomer;
  saveOpenCloudKey: SaveOpenCloudKey;
  changeMemberRank: ChangeMemberRank;
  readRankAudit: ReadRankAudit;
  listNotifications: ListNotifications;
}

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
    ctx.body = await deps.saveOpenCloudKey.status(me(ctx), groupIdOf(ctx));
  });
  router.put(api.saveOpenCloudKey.path, async (ctx) => {
    const customerId = await signedIn(ctx);
    const groupId = groupIdOf(ctx);
    const { apiKey } = validate(openCloudKeyBodySchema, ctx.request.body);
    ctx.body = await deps.saveOpenCloudKey.save(customerId, groupId, apiKey);
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
    ctx.body = await deps.listNotifications.list(me(ctx));
  });
  router.post(api.markNotificationsRead.path, async (ctx) => {
    const customerId = await signedIn(ctx);
    ctx.body = await deps.listNotifications.markRead(
      customerId,
      validate(markNotificationsReadSchema, ctx.request.body).ids,
    );
  });
  return router;
}
