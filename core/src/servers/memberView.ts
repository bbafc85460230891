import type { ServerConfigs } from '../discord/serverConfigs.ts';
import type { CustomerGuildLists, GuildMemberAccount, MemberFilter, MemberVouch, UserGuild } from './ports.ts';

/**
 * Where a member stands in the caller's servers: `verified` (proven, or vouched for here), `pending` (claimed an
 * account but has not proven it: a manager may vouch), `restricted` (the server's restrictions bar the account),
 * `unlinked`.
 */
export type MemberStatus = 'verified' | 'pending' | 'restricted' | 'unlinked';

/** A card of the verification page: never the member's email. */
export interface MemberView {
  id: number;
  username: string;
  discordId: string | null;
  avatar: string | null;
  discriminator: string | null;
  /** Proven by the member (Roblox sign-in or profile code), or vouched for by a manager of one of the caller's servers. */
  isVerified: boolean;
  /** True only for the member's own proof; a vouch never makes it true. */
  isProven: boolean;
  isOnline: boolean;
  robloxId: string | null;
  robloxUsername: string | null;
  createdAt: Date;
  status: MemberStatus;
  /** The account the member claimed and has not proven; null once proven, or when there is none. */
  claim: { robloxId: string; robloxUsername: string | null } | null;
  /** Why the server's restrictions bar the member's account; null when they do not. */
  restrictedReason: string | null;
}

/**
 * The member as the caller's servers see them: their proven link first, otherwise a vouch in one of those servers;
 * `banned` is what `bannedAccounts` read of those servers' restrictions.
 */
export const toView = (
  { customer, isOnline }: GuildMemberAccount,
  vouch: MemberVouch | undefined,
  banned: ReadonlyMap<string, string>,
): MemberView => {
  const proven = customer.isVerified && customer.robloxId !== null;
  const robloxId = proven ? customer.robloxId : (vouch?.robloxId ?? null);
  const claim =
    !proven && customer.robloxId ? { robloxId: customer.robloxId, robloxUsername: customer.robloxUsername } : null;
  const restrictedReason = (robloxId && banned.get(robloxId)) ?? null;
  const isVerified = proven || vouch !== undefined;
  return {
    id: customer.id,
    username: customer.username,
    discordId: customer.discordId,
    avatar: customer.avatar,
    discriminator: customer.discriminator,
    isVerified,
    isProven: proven,
    isOnline,
    robloxId,
    robloxUsername: proven ? customer.robloxUsername : (vouch?.robloxUsername ?? null),
    createdAt: customer.createdAt,
    status: restrictedReason ? 'restricted' : isVerified ? 'verified' : claim ? 'pending' : 'unlinked',
    claim,
    restrictedReason,
  };
};

/**
 * The Roblox accounts these servers' restrictions ban from verifying, each with why and where (the first server
 * naming it). Read from the stored configurations: the account-age and required-group restrictions need Roblox's
 * answers, which the bot reads when it syncs the member (and the preview shows), not the list.
 */
export async function bannedAccounts(
  configs: ServerConfigs,
  guilds: Pick<UserGuild, 'id' | 'name'>[],
): Promise<Map<string, string>> {
  const stored = await Promise.all(guilds.map((guild) => configs.get(guild.id)));
  const banned = new Map<string, string>();
  stored.forEach((config, index) => {
    for (const { robloxId, reason } of config.restrictions.bannedRobloxIds) {
      if (!banned.has(robloxId))
        banned.set(robloxId, `Banned from verifying in ${guilds[index]!.name}${reason ? `: ${reason}` : ''}`);
    }
  });
  return banned;
}

export async function membersOf(lists: CustomerGuildLists, guildIds: string[], filter: MemberFilter) {
  return guildIds.length ? lists.membersOf(guildIds, filter) : [];
}
