import type { RobloxInventory, RobloxItem, RobloxMemberships, RobloxUsers } from '../roblox/ports.ts';
import { ITEM_BIND_KINDS, type ItemBindKind } from './binds.ts';
import type { LinkedAccount } from './botPorts.ts';
import type { ServerConfig } from './serverConfigs.ts';
import type { MemberStanding, ProvenStanding } from './planMemberSync/planMemberSync.ts';

/** What a proven member's standing is read from; the server-wide sync asks each account once per run. */
export interface RobloxFacts {
  robloxUsers: RobloxUsers;
  memberships: RobloxMemberships;
  inventory: RobloxInventory;
}

/**
 * The Roblox account a sync gives roles for: the member's own proof counts everywhere, a vouch only in its server.
 * A banned account gets none, so every sync (single or server-wide) treats a banned member as unverified.
 */
export function syncedRobloxId(account: LinkedAccount | null): string | null {
  if (account?.isBanned) return null;
  return account?.isVerified && account.robloxId ? account.robloxId : (account?.vouchedRobloxId ?? null);
}

const isItemKind = (kind: string): kind is ItemBindKind => (ITEM_BIND_KINDS as readonly string[]).includes(kind);

/** The items the server's binds name, each once: ownership is asked for these only, never the whole inventory. */
export function itemsAsked(config: ServerConfig): RobloxItem[] {
  const asked = new Map<string, RobloxItem>();
  for (const bind of config.binds) {
    if (isItemKind(bind.kind) && bind.assetId)
      asked.set(`${bind.kind}:${bind.assetId}`, { kind: bind.kind, id: bind.assetId });
  }
  return [...asked.values()];
}

const RANK_PLACEHOLDER = /\{(?:rank-name|group-rank)/;

/** Whether anything in the server reads the member's groups; a server with none spares the lookup. */
export function needsGroupRoles(config: ServerConfig): boolean {
  return (
    Boolean(config.boundGroupId || config.restrictions.requireGroupId) ||
    config.binds.some((bind) => bind.groupId || (bind.nickname && RANK_PLACEHOLDER.test(bind.nickname))) ||
    RANK_PLACEHOLDER.test(config.nicknameFormat)
  );
}

/** The proven member's Roblox facts the server's binds and restrictions need; null when the account is gone. */
export async function provenStanding(
  robloxId: string,
  config: ServerConfig,
  roblox: RobloxFacts,
): Promise<ProvenStanding | null> {
  const items = itemsAsked(config);
  const [robloxUser, groupRoles, owned] = await Promise.all([
    roblox.robloxUsers.byId(robloxId),
    needsGroupRoles(config) ? roblox.memberships.groupRolesOf(robloxId) : Promise.resolve([]),
    items.length ? roblox.inventory.ownedBy(robloxId, items) : Promise.resolve(new Set<string>()),
  ]);
  if (!robloxUser) return null;
  const created = robloxUser.created ? new Date(robloxUser.created) : null;
  return {
    kind: 'proven',
    robloxUser,
    createdAt: created && !Number.isNaN(created.getTime()) ? created : null,
    groupRoles,
    owned,
  };
}

/**
 * A member without a proven link or a vouch here: unverified, with the account they claimed but have not proven
 * (shown as Pending to managers). A banned account's claim is not shown: it gets nothing here.
 */
export function unverifiedStanding(account: LinkedAccount | null): MemberStanding {
  const claimed = account && !account.isBanned && !account.isVerified ? account.robloxId : null;
  return {
    kind: 'unverified',
    claim: claimed ? { robloxId: claimed, name: account?.robloxUsername ?? claimed } : null,
  };
}
