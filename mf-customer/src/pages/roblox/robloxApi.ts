import { useQuery } from '@tanstack/react-query';
import { apiClient, HttpError } from '@groupflow/shell-kit';
import {
  customerEndpoints,
  robloxEndpoints as api,
  type ConnectGroupInput,
  type Endpoint,
  type EndpointResponse,
} from '@groupflow/core/contracts';

export { api };
export const authMe = customerEndpoints.getAuthMe;

/** A group connected as it comes: activity tracked, automation off, no rank permissions yet. */
export const groupWithDefaults = (groupId: string): ConnectGroupInput => ({
  groupId,
  activityTracking: true,
  autoRank: false,
  quotaSystem: false,
  rankPermissions: [],
});

/** Query keys of the Roblox screens, so a mutation invalidates exactly what the screens read. */
export const robloxKeys = {
  all: ['roblox'] as const,
  me: () => ['roblox', 'me'] as const,
  profile: () => ['roblox', 'profile'] as const,
  userGroups: () => ['roblox', 'user-groups'] as const,
  connected: () => ['roblox', 'connected'] as const,
  ranks: (groupId: string) => ['roblox', 'ranks', groupId] as const,
  group: (groupId: string, part: string) => ['roblox', 'group', groupId, part] as const,
};

/** The server's `{ message }` of a failed call, or undefined for a network failure. */
export function messageOf(error: unknown): string | undefined {
  return error instanceof HttpError ? (error.serverMessage ?? error.message) : undefined;
}

export const statusOf = (error: unknown) => (error instanceof HttpError ? error.status : undefined);

/** Spec 1 section 8, "Link failure": the server's message mapped to the text shown. */
export function linkFailureText(error: unknown): string {
  const message = messageOf(error);
  if (!message) return 'Failed to link Roblox account. Please check the username and try again.';
  if (message.includes('rate limited')) return 'Too many requests to Roblox. Please wait a moment and try again.';
  if (message.includes('not found')) return 'Roblox user not found. Please check the username spelling.';
  if (message.includes('already linked')) return message;
  if (message.includes('duplicate key')) return 'This Roblox account is already linked to another user.';
  return message;
}

/** Spec 1 section 8, "Connect failure" (the product's name where the spec says "the product"). */
export function connectFailureText(error: unknown): string {
  const message = messageOf(error) ?? '';
  if (message.includes('not a member')) return 'You are not a member of this group.';
  if (message.includes('already connected')) return 'This group is already connected to GroupFlow.';
  if (message.includes('Roblox account not linked')) return 'Please link your Roblox account first.';
  return message && statusOf(error) !== 500 ? message : 'Failed to connect Roblox group. Please try again.';
}

/** The workspace follows the game's reports: its reads refresh at this pace and whenever a tab opens. */
export const LIVE_REFRESH_MS = 15_000;

/** A group workspace read; `enabled` waits for a chosen group. */
export function useGroupQuery<E extends Endpoint>(endpoint: E, groupId: string | null, part: string) {
  return useQuery({
    queryKey: robloxKeys.group(groupId ?? '', part),
    queryFn: () =>
      (apiClient.call as (e: Endpoint, o: unknown) => Promise<EndpointResponse<E>>)(endpoint, {
        params: { groupId: groupId! },
      }),
    enabled: Boolean(groupId),
    refetchInterval: LIVE_REFRESH_MS,
    refetchOnMount: 'always',
  });
}
