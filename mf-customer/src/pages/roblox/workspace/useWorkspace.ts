import { API } from '@groupflow/core/contracts';
import { useMemo } from 'react';

import { useSearchParams } from '@groupflow/shell-kit/router';
import { useCustomer, useEndpointQuery } from '@groupflow/shell-kit';
import { groupParams, liveGroupRead, statusOf } from '../robloxApi.ts';
import { readSelectedGroup } from '../workspaceStore.ts';

/** Spec 1 section 2.13: shown until the real list loads, or when it is empty. */
export const DEMO_GROUP = { groupId: '15567637', name: 'Demo Group', memberCount: 1247 };

/** The groups a linked customer connected or may open: the group picker's list and the groups page's. */
export function useListConnectedGroups(linked: boolean) {
  return useEndpointQuery(API.roblox.listConnectedGroups, undefined, {
    enabled: linked,
  });
}

/**
 * The group the workspace shows: the URL's `?group=` (the groups page links there), else the group last picked on
 * /roblox-login or /add-group, which store it and open /group-workspace (spec 1 sections 2.10 and 2.11).
 */
export function useChosenGroupId(): string | null {
  const [searchParams] = useSearchParams();
  const fromUrl = searchParams.get('group');
  return useMemo(() => fromUrl ?? readSelectedGroup()?.groupId ?? null, [fromUrl]);
}

/**
 * The workspace's one data hook: who is signed in (the greeting names them, not the group's owner), the group and
 * its live figures, and the groups to switch to. Every tab reads its own records through `useGroupQuery`.
 */
export function useWorkspace(groupId: string) {
  // Inside RequireCustomer: the workspace is only ever shown to a signed-in customer.
  const customer = useCustomer();
  const linked = Boolean(customer.robloxId);
  const profile = useEndpointQuery(API.roblox.readRobloxProfile, undefined, {
    enabled: linked,
    retry: false,
  });
  const connected = useListConnectedGroups(linked);
  // The demo group has no records: nothing is asked of the server for it.
  const demo = groupId === DEMO_GROUP.groupId && (connected.data ?? []).length === 0;
  const readable = demo ? null : groupId;
  const group = useEndpointQuery(API.roblox.getConnectedGroup, groupParams(readable), liveGroupRead(readable));
  const stats = useEndpointQuery(API.roblox.readGroupStats, groupParams(readable), liveGroupRead(readable));
  const stored = readSelectedGroup();
  // A failed group fetch falls back silently to the stored data (spec 1 section 2.12).
  const name =
    group.data?.name ??
    connected.data?.find((entry) => entry.groupId === groupId)?.name ??
    (stored?.groupId === groupId ? stored.name : undefined) ??
    (demo ? DEMO_GROUP.name : `Group ${groupId}`);
  const greeting = profile.data?.displayName ?? customer.robloxUsername ?? customer.username;
  const refusal = [group.error, stats.error].find((error) => statusOf(error) === 403);
  return {
    demo,
    name,
    greeting,
    group,
    stats,
    connected,
    forbidden: refusal !== undefined,
    /** The server's refusal of this workspace (a 403), whose code says whether proving the account helps. */
    refusal,
  };
}

export type WorkspaceData = ReturnType<typeof useWorkspace>;
