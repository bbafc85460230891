import type {
  AutoPromote,
  ListQuotaNoticeGroups,
  NotifyQuotaBehind,
  RemindSession,
  WarnOpenCloudKeyLapse,
} from '@groupflow/core';
import type { MikroOrmConnectedGroups } from '@groupflow/adapters/persistence/roblox/MikroOrmConnectedGroups';
import type { workspaceRoutes } from '@groupflow/adapters/http/routes/workspaceRoutes';

/**
 * What the workspace module builds once for its routes and its pg-boss workers alike; a file of its own so the token
 * registry names the type without importing a module that imports the registry.
 */
export type WorkspaceUseCases = Parameters<typeof workspaceRoutes>[0] & {
  connected: MikroOrmConnectedGroups;
  autoPromote: AutoPromote;
  remindSession: RemindSession;
  notifyQuotaBehind: NotifyQuotaBehind;
  listQuotaNoticeGroups: ListQuotaNoticeGroups;
  warnOpenCloudKeyLapse: WarnOpenCloudKeyLapse;
};
