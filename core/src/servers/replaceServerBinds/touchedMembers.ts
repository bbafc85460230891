import type { Clock } from '../../shared/clock.ts';
import type { GuildSnapshot } from '../../discord/botPorts.ts';
import { itemsAsked, syncedRobloxId } from '../../discord/memberStanding.ts';
import { memberSyncPlanner, type ProvenStanding } from '../../discord/planMemberSync/planMemberSync.ts';
import { serverBinds, type ServerConfig } from '../../discord/serverConfigs.ts';
import type { RobloxGroupRole } from '../../roblox/ports.ts';
import type { CustomerGuildLists, MemberVouches, StoredGroupRanks } from '../ports.ts';

export interface TouchedMembersDeps {
  lists: CustomerGuildLists;
  vouches: MemberVouches;
  ranks: StoredGroupRanks;
  clock: Clock;
}

/** Every group either configuration reads a member's rank in. */
function groupsRead(configs: ServerConfig[]): string[] {
  const ids = configs.flatMap((config) => [
    config.boundGroupId,
    config.restrictions.requireGroupId ?? '',
    ...serverBinds(config).map((bind) => bind.groupId ?? ''),
  ]);
  return [...new Set(ids)].filter(Boolean);
}

/**
 * How many of the server's linked members (stored links, and vouches here) would gain or lose a role or change
 * nickname between two configurations: the plan the syncs run, fed from stored group ranks instead of Roblox, so
 * the Configure dialog can say what a change touches before it is saved. Item ownership is not stored, so a member
 * counts when owning either none or all of the items named could change them: the count is an upper bound.
 */
export async function countTouchedMembers(
  deps: TouchedMembersDeps,
  guild: GuildSnapshot,
  before: ServerConfig,
  after: ServerConfig,
): Promise<number> {
  const members = await deps.lists.membersOf([guild.id], { onlyLinked: true });
  if (!members.length) return 0;
  const vouched = new Map(
    (
      await deps.vouches.of(
        members.map(({ customer }) => customer.id),
        [guild.id],
      )
    ).map((vouch) => [vouch.customerId, vouch.robloxId]),
  );
  const accounts = members.flatMap(({ customer }) => {
    const robloxId = syncedRobloxId({ ...customer, vouchedRobloxId: vouched.get(customer.id) ?? null });
    return robloxId && customer.discordId ? [{ customer, robloxId, discordId: customer.discordId }] : [];
  });
  const groupIds = groupsRead([before, after]);
  const rolesOf = new Map<string, RobloxGroupRole[]>();
  if (accounts.length && groupIds.length) {
    const stored = await deps.ranks.of(
      accounts.map((account) => account.robloxId),
      groupIds,
    );
    for (const { robloxId, ...role } of stored) rolesOf.set(robloxId, [...(rolesOf.get(robloxId) ?? []), role]);
  }

  const everyItem = new Set([...itemsAsked(before), ...itemsAsked(after)].map((item) => `${item.kind}:${item.id}`));
  const ownings: ReadonlySet<string>[] = [new Set(), everyItem];
  const planBefore = memberSyncPlanner(guild, before);
  const planAfter = memberSyncPlanner(guild, after);
  const now = deps.clock.now();
  return accounts.filter(({ customer, robloxId, discordId }) => {
    const name = customer.robloxUsername ?? robloxId;
    // The member is planned holding no role: what a sync gives them is what it would leave them with.
    const member = { id: discordId, username: customer.username, globalName: null, nick: null, roleIds: [] };
    return ownings.some((owned) => {
      const standing: ProvenStanding = {
        kind: 'proven',
        robloxUser: { id: robloxId, name, displayName: name, description: '' },
        // Stored ranks carry no creation date: the age restriction is the same on both sides of a binds change.
        createdAt: null,
        groupRoles: rolesOf.get(robloxId) ?? [],
        owned,
      };
      const outcome = (plan: ReturnType<typeof planBefore>) =>
        plan.kind === 'plan' ? JSON.stringify([plan.adding.map((role) => role.id).sort(), plan.nick]) : '';
      return outcome(planBefore(member, standing, now)) !== outcome(planAfter(member, standing, now));
    });
  }).length;
}
