import type Router from '@koa/router';
import type {
  CancelServerSync,
  GetBotStatus,
  GetCurrentCustomer,
  GetServerConfig,
  ListGuildMembers,
  ListRoleProblems,
  ListServerBinds,
  ListUserServers,
  PreviewServerBinds,
  ReadServerRestrictions,
  ReadServerSyncProgress,
  ReplaceServerBinds,
  ReplaceServerRestrictions,
  SaveServerConfig,
  StartServerSync,
  VerifyMember,
} from '@groupflow/core';
import {
  botInviteUrl,
  botStatusEndpoint,
  cancelServerSyncEndpoint,
  discordClientIdEndpoint,
  discordInviteUrlEndpoint,
  getServerConfigEndpoint,
  getServerSyncEndpoint,
  listServerBindsEndpoint,
  previewServerBindsEndpoint,
  readServerRestrictionsEndpoint,
  replaceServerBindsEndpoint,
  replaceServerRestrictionsEndpoint,
  roleProblemsEndpoint,
  saveServerConfigEndpoint,
  syncServerEndpoint,
  userServersEndpoint,
  verificationUsersEndpoint,
  verifyUserEndpoint,
} from '@groupflow/core/contracts';
import { apiRouter, route } from '../route.ts';

export interface ServersRouteDeps {
  getCurrentCustomer: GetCurrentCustomer;
  listUserServers: ListUserServers;
  getBotStatus: GetBotStatus;
  getServerConfig: GetServerConfig;
  saveServerConfig: SaveServerConfig;
  listServerBinds: ListServerBinds;
  replaceServerBinds: ReplaceServerBinds;
  readServerRestrictions: ReadServerRestrictions;
  replaceServerRestrictions: ReplaceServerRestrictions;
  previewServerBinds: PreviewServerBinds;
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

/** Bot status and invitations (public), and the signed-in customer's servers, their configuration and members. */
export function serversRoutes(deps: ServersRouteDeps): Router {
  const router = apiRouter({ getCurrentCustomer: deps.getCurrentCustomer });

  route(router, discordClientIdEndpoint, () => ({
    clientId: deps.applicationId ?? null,
    configured: deps.applicationId !== undefined,
  }));
  route(router, discordInviteUrlEndpoint, () =>
    deps.applicationId
      ? { inviteUrl: botInviteUrl(deps.discordBaseUrl, deps.applicationId), setupRequired: false }
      : { inviteUrl: null, setupRequired: true },
  );
  route(router, botStatusEndpoint, ({ caller }) => deps.getBotStatus.execute(caller.customerId));
  route(router, userServersEndpoint, ({ caller }) => deps.listUserServers.execute(caller.customerId));
  route(router, roleProblemsEndpoint, ({ caller }) => deps.listRoleProblems.execute(caller.customerId));
  route(router, getServerConfigEndpoint, ({ caller, params }) =>
    deps.getServerConfig.execute(caller.customerId, params.id),
  );
  route(router, saveServerConfigEndpoint, ({ caller, params, body }) =>
    deps.saveServerConfig.execute(caller.customerId, params.id, body),
  );
  route(router, listServerBindsEndpoint, ({ caller, params }) =>
    deps.listServerBinds.execute(caller.customerId, params.id),
  );
  route(router, replaceServerBindsEndpoint, ({ caller, params, body, query }) =>
    deps.replaceServerBinds.execute(caller.customerId, params.id, body, { dryRun: query.dryRun === 'true' }),
  );
  route(router, previewServerBindsEndpoint, ({ caller, params, body }) =>
    deps.previewServerBinds.execute(caller.customerId, params.id, body),
  );
  route(router, readServerRestrictionsEndpoint, ({ caller, params }) =>
    deps.readServerRestrictions.execute(caller.customerId, params.id),
  );
  route(router, replaceServerRestrictionsEndpoint, ({ caller, params, body }) =>
    deps.replaceServerRestrictions.execute(caller.customerId, params.id, body),
  );
  route(router, getServerSyncEndpoint, ({ caller, params }) =>
    deps.readServerSyncProgress.execute(caller.customerId, params.id),
  );
  route(router, syncServerEndpoint, async ({ caller, params }) => {
    const { started, progress } = await deps.startServerSync.execute(caller.customerId, params.id);
    return { status: started ? 202 : 200, body: progress } as const;
  });
  route(router, cancelServerSyncEndpoint, ({ caller, params }) =>
    deps.cancelServerSync.execute(caller.customerId, params.id),
  );
  route(router, verificationUsersEndpoint, ({ caller }) => deps.listGuildMembers.execute(caller.customerId));
  route(router, verifyUserEndpoint, async ({ caller, params, body }) => ({
    message: 'User verified successfully',
    user: await deps.verifyMember.execute(caller.customerId, params.userId, body),
  }));
  return router;
}
