import { botUptimeText } from '../status/statusView.ts';
import { useEndpointQuery } from '@groupflow/shell-kit';
import { API } from '@groupflow/core/contracts';
import type { PublicCustomerWire as CurrentUser } from '@groupflow/core/contracts';
import type { VerifiedAccount } from './sampleData.ts';

/** The signed-in customer's linked Roblox account as the Verifications list shows it, or null when none is linked. */
export function linkedAccount(user: CurrentUser): VerifiedAccount | null {
  if (!user.robloxId || !user.robloxUsername) return null;
  return {
    id: user.robloxId,
    username: user.robloxUsername,
    displayName: user.robloxUsername,
    userId: Number(user.robloxId),
    verified: user.isVerified,
    addedAt: user.createdAt,
  };
}

/** A percentage with at most one decimal, or a dash when there is nothing to divide by. */
export const percentOf = (part: number, whole: number): string =>
  whole === 0 ? '—' : `${Math.round((part / whole) * 1000) / 10}%`;

/** Connected Roblox groups and the verified share of the members of the customer's servers (GET /api/users). */
export function useVerificationFigures(user: CurrentUser) {
  const groups = useEndpointQuery(API.roblox.listConnectedGroups, undefined, {
    enabled: Boolean(user.robloxId),
  });
  const members = useEndpointQuery(API.servers.listGuildMembers);
  const list = members.data ?? [];
  return {
    activeGroups: user.robloxId ? (groups.data?.length ?? null) : 0,
    verificationRate: members.data ? percentOf(list.filter((member) => member.isVerified).length, list.length) : null,
  };
}

/**
 * The customer's servers, commands used by their bots and the bot's uptime over the last 30 days (counted by the
 * server from the bot's heartbeats), each from its own API.
 */
export function useServerFigures() {
  const servers = useEndpointQuery(API.customer.listServers);
  const profile = useEndpointQuery(API.customer.getUserProfile);
  const status = useEndpointQuery(API.diagnostics.getSystemStatus);
  return {
    servers,
    commandsUsed: profile.data?.stats.totalCommands ?? null,
    uptime: status.data ? botUptimeText(status.data.botUptime?.last30d ?? null) : null,
  };
}
