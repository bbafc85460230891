import type { QueryClient } from '@tanstack/react-query';
import { describeError, endpointKey, endpointPrefix, HttpError } from '@groupflow/shell-kit';
import { API, type ConnectGroupInput, type Endpoint } from '@groupflow/core/contracts';
import { CUSTOMER_ERROR_TEXTS } from '../../errorTexts.ts';

/** A group connected as it comes: activity tracked, automation off, no rank permissions yet. */
export const groupWithDefaults = (groupId: string): ConnectGroupInput => ({
  groupId,
  activityTracking: true,
  autoRank: false,
  quotaSystem: false,
  rankPermissions: [],
});

/** The server's `{ message }` of a failed call, or undefined for a network failure. */
export function messageOf(error: unknown): string | undefined {
  return error instanceof HttpError ? (error.serverMessage ?? error.message) : undefined;
}

export const statusOf = (error: unknown) => (error instanceof HttpError ? error.status : undefined);

/** Spec 1 section 8, "Link failure": the text for the error's code, else the server's, else the spec's fallback. */
export const linkFailureText = (error: unknown): string =>
  describeError(error, CUSTOMER_ERROR_TEXTS) ??
  'Failed to link Roblox account. Please check the username and try again.';

/** Spec 1 section 8, "Connect failure" (the product's name where the spec says "the product"). */
export const connectFailureText = (error: unknown): string =>
  (statusOf(error) === 500 ? undefined : describeError(error, CUSTOMER_ERROR_TEXTS)) ??
  'Failed to connect Roblox group. Please try again.';

/** The workspace follows the game's reports: its reads refresh at this pace and whenever a tab opens. */
export const LIVE_REFRESH_MS = 15_000;

/** How a workspace read stays live; `enabled` waits for a chosen group. */
export const liveGroupRead = (groupId: string | null) => ({
  enabled: Boolean(groupId),
  refetchInterval: LIVE_REFRESH_MS,
  refetchOnMount: 'always' as const,
});

/** The path parameters of a workspace read (an empty id only while `liveGroupRead` keeps the query off). */
export const groupParams = (groupId: string | null) => ({ params: { groupId: groupId ?? '' } });

/** The key of one group's read of `endpoint`: what a mutation refetches or overwrites after changing the group. */
export const groupKey = (endpoint: Endpoint, groupId: string) => endpointKey(endpoint, groupParams(groupId));

/**
 * After linking or proving a Roblox account, or connecting a group: every read of the Roblox area (the connected
 * groups, the user's groups and profile, each group's records) and the customer's Roblox side (GET /api/auth/me).
 */
export const invalidateRoblox = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: endpointPrefix(API.roblox.listConnectedGroups).slice(0, 1) }),
    queryClient.invalidateQueries({ queryKey: endpointPrefix(API.customer.describeRobloxAccount) }),
  ]);
