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
import { API, botInviteUrl } from '@groupflow/core/contracts';
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

  route(router, API.servers.getClientId, () => ({
    clientId: deps.applicationId ?? null,
    configured: deps.applicationId !== undefined,
  }));
  route(router, API.servers.getInviteUrl, () =>
    deps.applicationId
      ? { inviteUrl: botInviteUrl(deps.discordBaseUrl, deps.applicationId), setupRequired: false }
      : { inviteUrl: null, setupRequired: true },
  );
  route(router, API.servers.getBotStatus, ({ caller }) => deps.getBotStatus.execute(caller.customerId));
  route(router, API.servers.listUserServers, ({ caller }) => deps.listUserServers.execute(caller.customerId));
  route(router, API.servers.listRoleProblems, ({ caller }) => deps.listRoleProblems.execute(caller.customerId));
  route(router, API.servers.getServerConfig, ({ caller, params }) =>
    deps.getServerConfig.execute(caller.customerId, params.id),
  );
  route(router, API.servers.saveServerConfig, ({ caller, params, body }) =>
    deps.saveServerConfig.execute(caller.customerId, params.id, body),
  );
  route(router, API.servers.listServerBinds, ({ caller, params }) =>
    deps.listServerBinds.execute(caller.customerId, params.id),
  );
  route(router, API.servers.replaceServerBinds, ({ caller, params, body, query }) =>
    deps.replaceServerBinds.execute(caller.customerId, params.id, body, { dryRun: query.dryRun === 'true' }),
  );
  route(router, API.servers.previewServerBinds, ({ caller, params, body }) =>
    deps.previewServerBinds.execute(caller.customerId, params.id, body),
  );
  route(router, API.servers.readServerRestrictions, ({ caller, params }) =>
    deps.readServerRestrictions.execute(caller.customerId, params.id),
  );
  route(router, API.servers.replaceServerRestrictions, ({ caller, params, body }) =>
    deps.replaceServerRestrictions.execute(caller.customerId, params.id, body),
  );
  route(router, API.servers.readServerSyncProgress, ({ caller, params }) =>
    deps.readServerSyncProgress.execute(caller.customerId, params.id),
  );
  route(router, API.servers.startServerSync, async ({ caller, params }) => {
    const { started, progress } = await deps.startServerSync.execute(caller.customerId, params.id);
    return { status: started ? 202 : 200, body: progress } as const;
  });
  route(router, API.servers.cancelServerSync, ({ caller, params }) =>
    deps.cancelServerSync.execute(caller.customerId, params.id),
  );
  route(router, API.servers.listGuildMembers, ({ caller }) => deps.listGuildMembers.execute(caller.customerId));
  route(router, API.servers.verifyMember, async ({ caller, params, body }) => ({
    message: 'User verified successfully',
    user: await deps.verifyMember.execute(caller.customerId, params.userId, body),
  }));
  return router;
}
