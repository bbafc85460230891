import { NotFound } from '../../shared/errors.ts';
import type { Clock } from '../../shared/clock.ts';
import type { GuildRole, GuildSnapshot, LinkedAccounts } from '../../discord/botPorts.ts';
import { provenStanding, syncedRobloxId, unverifiedStanding, type RobloxFacts } from '../../discord/memberStanding.ts';
import {
  boundRoles,
  planMemberSync,
  verificationRoles,
  type MemberSyncInput,
  type SkippedChange,
} from '../../discord/planMemberSync/planMemberSync.ts';
import { requireCustomer } from '../../customer/requireCustomer.ts';
import type { CustomerGuildLists } from '../ports.ts';
import type { ServerConfigDeps } from '../serverConfigView.ts';

export interface BindPreview {
  robloxId: string | null;
  restricted: string | null;
  adding: { id: string; name: string }[];
  removing: { id: string; name: string }[];
  nickname: string | null;
  skipped: SkippedChange[];
}

type PreviewDeps = ServerConfigDeps & {
  lists: CustomerGuildLists;
  accounts: LinkedAccounts;
  roblox: RobloxFacts;
  clock: Clock;
};

const named = (roles: GuildRole[]) => roles.map(({ id, name }) => ({ id, name }));

/**
 * POST /api/discord/servers/{id}/binds/preview (issue 35): what a sync would give and take from one member now, by
 * the same pure plan the bot runs, writing nothing to Discord. The member's account is the stored link (or the vouch
 * here); their Roblox facts come through the shared Roblox cache, as /verify reads them. The API holds no gateway,
 * so the member's current roles are unknown: the plan is run once for a member holding none of the roles a sync
 * manages (what it gives) and once for one holding all it may take (what it takes).
 */
export class PreviewServerBinds {
  readonly #deps: PreviewDeps;
  constructor(deps: PreviewDeps) {
    this.#deps = deps;
  }

  async execute(
    customerId: number | undefined,
    guildId: string,
    { discordUserId }: { discordUserId: string },
  ): Promise<BindPreview> {
    const customer = await requireCustomer(this.#deps.customers, customerId);
    await this.#deps.guilds.requireManaged(customer.id, guildId);
    const [config, guild, account] = await Promise.all([
      this.#deps.configs.get(guildId),
      this.#deps.directory.read(guildId),
      this.#accountHere(discordUserId, guildId),
    ]);
    if (!guild) throw new NotFound('SERVERS.NOT_REPORTED', 'The bot has not reported this server yet');

    const syncedId = syncedRobloxId(account?.linked ?? null);
    const proven = syncedId ? await provenStanding(syncedId, config, this.#deps.roblox) : null;
    const robloxId = proven?.robloxUser.id ?? null;
    const username = account?.username ?? discordUserId;
    const input = (roleIds: string[]): MemberSyncInput => ({
      guild,
      config,
      member: { id: discordUserId, username, globalName: null, nick: null, roleIds },
      standing: proven ?? unverifiedStanding(account?.linked ?? null),
      now: this.#deps.clock.now(),
    });
    const giving = planMemberSync(input([]));
    if (giving.kind === 'unmanageable')
      return {
        robloxId,
        restricted: null,
        adding: [],
        removing: [],
        nickname: null,
        skipped: [{ target: username, reason: giving.reason }],
      };
    const taking = planMemberSync(input(takeable(guild, config).map((role) => role.id)));
    const removing = taking.kind === 'plan' ? taking.removing : [];
    const skipped = [...giving.skipped, ...(taking.kind === 'plan' ? taking.skipped : [])];
    return {
      robloxId,
      restricted: giving.restricted,
      adding: named(giving.adding),
      removing: named(removing),
      nickname: giving.nick ?? null,
      skipped: skipped.filter((entry, index) => skipped.findIndex((other) => other.target === entry.target) === index),
    };
  }

  /**
   * The member's stored link, read only when they are a member of this server as GroupFlow knows it (their stored
   * server list, or a vouch here): a manager learns nothing of the Roblox account of someone outside their server.
   */
  async #accountHere(discordUserId: string, guildId: string) {
    const [user, linked] = await Promise.all([
      this.#deps.customers.findByDiscordId(discordUserId),
      this.#deps.accounts.byDiscordId(discordUserId, guildId),
    ]);
    if (!user || !linked) return null;
    const [member] = await this.#deps.lists.membersOf([guildId], { customerId: user.id });
    if (!member && !linked.vouchedRobloxId) return null;
    return { username: user.username, linked };
  }
}

/** Every role a sync may take from a member, below the bot (a member holding a higher one is beyond any sync). */
function takeable(guild: GuildSnapshot, config: MemberSyncInput['config']): GuildRole[] {
  const { verified, unverified } = verificationRoles(guild, config);
  const roles = [...boundRoles(guild, config), verified, unverified].filter(
    (role): role is GuildRole => role !== undefined && role.position < guild.botHighestPosition,
  );
  return [...new Set(roles)];
}
