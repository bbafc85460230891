import type { CustomerGuildLists, GuildMemberAccount, MemberFilter, MemberVouch } from './ports.ts';

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
}

/** The member as the caller's servers see them: their proven link first, otherwise a vouch in one of those servers. */
export const toView = ({ customer, isOnline }: GuildMemberAccount, vouch: MemberVouch | undefined): MemberView => {
  const proven = customer.isVerified && customer.robloxId !== null;
  return {
    id: customer.id,
    username: customer.username,
    discordId: customer.discordId,
    avatar: customer.avatar,
    discriminator: customer.discriminator,
    isVerified: proven || vouch !== undefined,
    isProven: proven,
    isOnline,
    robloxId: proven ? customer.robloxId : (vouch?.robloxId ?? null),
    robloxUsername: proven ? customer.robloxUsername : (vouch?.robloxUsername ?? null),
    createdAt: customer.createdAt,
  };
};

export async function membersOf(lists: CustomerGuildLists, guildIds: string[], filter: MemberFilter) {
  return guildIds.length ? lists.membersOf(guildIds, filter) : [];
}
