import Router from '@koa/router';
import type { Middleware } from 'koa';
import { z } from 'zod';
import {
  Unauthenticated,
  type GetBotStatus,
  type GetServerConfig,
  type ListGuildMembers,
  type ListRoleProblems,
  type ListUserServers,
  type SaveServerConfig,
  type ReadServerSyncProgress,
  type StartServerSync,
  type CancelServerSync,
  type VerifyMember,
} from '@groupflow/core';
import {
  botInviteUrl,
  botStatusEndpoint,
  cancelServerSyncEndpoint,
  discordClientIdEndpoint,
  discordInviteUrlEndpoint,
  getServerConfigEndpoint,
  getServerSyncEndpoint,
  roleProblemsEndpoint,
  saveServerConfigEndpoint,
  syncServerEndpoint,
  userServersEndpoint,
  verificationUsersEndpoint,
  verifyUserEndpoint,
  type EndpointResponse,
} from '@groupflow/core/contracts';
import { sessionCustomerId } from '../auth/customerSession.ts';
import { validate } from '../validate.ts';

export interface DiscordRouteDeps {
  listUserServers: ListUserServers;
  getBotStatus: GetBotStatus;
  getServerConfig: GetServerConfig;
  saveServerConfig: SaveServerConfig;
  readServerSyncProgress: ReadServerSyncProgress;
  startServerSync: StartServerSync;
  cancelServerSync: CancelServerSync;
  listGuildMembers: ListGuildMembers;
  listRoleProblems: ListRoleProblems;
  verifyMember: VerifyMember;
  /** DISCORD_CLIENT_ID; undefined until the application is set up. */
  applicationId: string | undefined;
  /** DISCORD_BASE_URL. */
  discordBaseUrl: string;
}

const guildParams = z.object({ id: z.string().regex(/^\d{1,20}$/, { message: 'A Discord server id (digits)' }) });
const userParams = z.object({ userId: z.coerce.number().int().positive({ message: 'A user id' }) });

/** Visitors get 401 before their input is looked at, so they learn nothing about its shape; use cases check the rest. */
const signedIn: Middleware = async (ctx, next) => {
  if (sessionCustomerId(ctx) === undefined) throw new Unauthenticated();
  await next();
};

/** Bot status and invitations (public), and the signed-in customer's servers, their configuration and members. */
export function discordRoutes(deps: DiscordRouteDeps): Router {
  const router = new Router();
  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });

  router.get(discordClientIdEndpoint.path, (ctx) => {
    const body: EndpointResponse<typeof discordClientIdEndpoint> = {
      clientId: deps.applicationId ?? null,
      configured: deps.applicationId !== undefined,
    };
    ctx.body = body;
  });

  router.get(discordInviteUrlEndpoint.path, (ctx) => {
    const body: EndpointResponse<typeof discordInviteUrlEndpoint> = deps.applicationId
      ? { inviteUrl: botInviteUrl(deps.discordBaseUrl, deps.applicationId), setupRequired: false }
      : { inviteUrl: null, setupRequired: true };
    ctx.body = body;
  });

  router.get(botStatusEndpoint.path, async (ctx) => {
    ctx.body = await deps.getBotStatus.execute(sessionCustomerId(ctx));
  });

  router.get(userServersEndpoint.path, async (ctx) => {
    ctx.body = await deps.listUserServers.execute(sessionCustomerId(ctx));
  });

  router.get(roleProblemsEndpoint.path, async (ctx) => {
    ctx.body = await deps.listRoleProblems.execute(sessionCustomerId(ctx));
  });

  router.get(getServerConfigEndpoint.path, signedIn, async (ctx) => {
    const customerId = sessionCustomerId(ctx);
    const { id } = validate(guildParams, ctx.params);
    ctx.body = await deps.getServerConfig.execute(customerId, id);
  });

  router.post(saveServerConfigEndpoint.path, signedIn, async (ctx) => {
    const customerId = sessionCustomerId(ctx);
    const { id } = validate(guildParams, ctx.params);
    const config = validate(saveServerConfigEndpoint.body, ctx.request.body);
    ctx.body = await deps.saveServerConfig.execute(customerId, id, config);
  });

  router.get(getServerSyncEndpoint.path, signedIn, async (ctx) => {
    const customerId = sessionCustomerId(ctx);
    const { id } = validate(guildParams, ctx.params);
    ctx.body = await deps.readServerSyncProgress.execute(customerId, id);
  });

  router.post(syncServerEndpoint.path, signedIn, async (ctx) => {
    const customerId = sessionCustomerId(ctx);
    const { id } = validate(guildParams, ctx.params);
    ctx.body = await deps.startServerSync.execute(customerId, id);
    ctx.status = syncServerEndpoint.successStatus;
  });

  router.delete(cancelServerSyncEndpoint.path, signedIn, async (ctx) => {
    const customerId = sessionCustomerId(ctx);
    const { id } = validate(guildParams, ctx.params);
    ctx.body = await deps.cancelServerSync.execute(customerId, id);
  });

  router.get(verificationUsersEndpoint.path, async (ctx) => {
    ctx.body = await deps.listGuildMembers.execute(sessionCustomerId(ctx));
  });

  router.patch(verifyUserEndpoint.path, signedIn, async (ctx) => {
    const customerId = sessionCustomerId(ctx);
    const { userId } = validate(userParams, ctx.params);
    const roblox = validate(verifyUserEndpoint.body, ctx.request.body);
    const user = await deps.verifyMember.execute(customerId, userId, roblox);
    ctx.body = { message: 'User verified successfully', user };
  });
  return router;
}
