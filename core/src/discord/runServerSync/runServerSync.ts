import type { RobloxInventory, RobloxMemberships, RobloxUsers } from '../../roblox/ports.ts';
import type { Clock } from '../../shared/clock.ts';
import {
  DiscordRefused,
  type DiscordGuilds,
  type GuildMember,
  type GuildSnapshot,
  type LinkedAccount,
  type MemberSyncLocks,
} from '../botPorts.ts';
import type { ServerConfig, ServerConfigs } from '../serverConfigs.ts';
import type { RoleProblem, RoleProblemLog } from '../roleProblems.ts';
import type { ServerSyncRun, ServerSyncRuns } from '../serverSyncRuns.ts';
import { planMemberSync, type ProvenStanding } from '../planMemberSync/planMemberSync.ts';
import { refusedEditReason } from '../syncMemberRoles/syncMemberRoles.ts';
import { provenStanding, syncedRobloxId, unverifiedStanding, type RobloxFacts } from '../memberStanding.ts';
import type { GuildMemberPages, LinkedAccountsBatch, ServerSyncSettings } from './ports.ts';

/**
 * What a visit came to; `ignored` is a member the run does not apply to (a bot, an owner without a proof, an
 * unverified member in a server with no Unverified role), visited but in no count, so "Already right" counts only
 * members whose roles the run looked after (issue 36).
 */
type Outcome = 'changed' | 'unchanged' | 'failed' | 'ignored';
/** A proven account's Roblox facts, or null when Roblox no longer has the account. */
type RobloxStanding = ProvenStanding | null;
type LoadedPage = { members: GuildMember[]; accounts: Map<string, LinkedAccount> };
type Visit = {
  outcome: Outcome;
  member: GuildMember;
  edit: { roleIds?: string[]; nick?: string } | null;
  problems: RoleProblem[];
};

/** What one generation's members are measured against. */
interface Settings {
  config: ServerConfig;
  guild: GuildSnapshot;
}

/** Starts `lookup` for every key, at most `concurrency` at once, in order; each answer is awaited where it is used. */
function prefetch<T>(
  keys: string[],
  concurrency: number,
  lookup: (key: string) => Promise<T>,
): Map<string, Promise<T>> {
  const answers = new Map<string, Promise<T>>();
  const starters = new Map<string, () => void>();
  for (const key of new Set(keys)) {
    answers.set(
      key,
      new Promise<void>((resolve) => starters.set(key, resolve)).then(() => lookup(key)),
    );
  }
  const order = [...starters.values()];
  let next = 0;
  const startNext = () => order[next++]?.();
  for (const answer of answers.values()) void answer.finally(startNext).catch(() => {});
  for (let i = 0; i < concurrency; i++) startNext();
  return answers;
}

/**
 * The bot's side of a server-wide role sync (issue 27): pages through the guild's members from the run's
 * checkpoint, computes each member's wanted roles and nickname with the same plan as the single-member sync (the
 * unlinked, unproven and banned as unverified, from stored links alone; the proven from one Roblox read per account),
 * and sends one edit to those whose roles or nickname differ. Progress is written as it goes, so a crash, a trigger
 * or a cancel loses nothing: a resumed run re-reads the members after its checkpoint, and those already right are
 * skipped. Answers the run as it left it, or null when there was nothing to run.
 */
export class RunServerSync {
  readonly #runs: ServerSyncRuns;
  readonly #pages: GuildMemberPages;
  readonly #discord: DiscordGuilds;
  readonly #configs: ServerConfigs;
  readonly #accounts: LinkedAccountsBatch;
  readonly #roblox: RobloxFacts;
  readonly #problems: RoleProblemLog;
  readonly #clock: Clock;
  readonly #locks: MemberSyncLocks;
  readonly #settings: ServerSyncSettings;

  constructor(deps: {
    runs: ServerSyncRuns;
    pages: GuildMemberPages;
    discord: DiscordGuilds;
    configs: ServerConfigs;
    accounts: LinkedAccountsBatch;
    robloxUsers: RobloxUsers;
    memberships: RobloxMemberships;
    /** Ownership of the items the server binds, asked once per account and run. */
    inventory: RobloxInventory;
    problems: RoleProblemLog;
    clock: Clock;
    /** The single-member sync's lock: an edit here never interleaves with a /verify of the same member. */
    locks: MemberSyncLocks;
    settings: ServerSyncSettings;
  }) {
    this.#runs = deps.runs;
    this.#pages = deps.pages;
    this.#discord = deps.discord;
    this.#configs = deps.configs;
    this.#accounts = deps.accounts;
    this.#roblox = { robloxUsers: deps.robloxUsers, memberships: deps.memberships, inventory: deps.inventory };
    this.#problems = deps.problems;
    this.#clock = deps.clock;
    this.#locks = deps.locks;
    this.#settings = deps.settings;
  }

  async execute(request: {
    guildId: string;
    workerToken: string;
    /** True once the job runner has handed the run to someone else (e.g. the job timed out): stop before editing. */
    stopped?: () => boolean;
  }): Promise<ServerSyncRun | null> {
    const { guildId, workerToken } = request;
    const stopped = request.stopped ?? (() => false);
    let run = await this.#runs.claim(guildId, workerToken);
    if (!run) return null;
    // Members with a note in the setup check: only those need it cleared once they are managed again.
    const noted = new Set(
      (await this.#problems.readFor([guildId]))
        .flatMap((guild) => guild.problems)
        .filter((problem) => problem.kind === 'member')
        .map((problem) => problem.targetId),
    );
    // Problems already reported by this run: the setup check hears of each once, not once per member.
    const reported = new Set<string>();

    generations: while (run) {
      const settings = await this.#settingsOf(guildId);
      if (!settings || !settings.config.verificationEnabled) {
        // Nothing to bring members in line with: the run ends, as a sync of a member would.
        const finished = this.#end(run, settings ? 'done' : 'failed', settings ? null : 'the bot is not in the server');
        if (await this.#runs.checkpoint(finished, workerToken)) return finished;
        run = await this.#reload(guildId, workerToken);
        continue;
      }
      // One Roblox lookup per linked account and generation (a new bound group needs ranks the last one did not).
      const standings = new Map<string, Promise<RobloxStanding>>();
      const load = (after: string) => this.#loadPage(guildId, after, settings.config, standings);
      const total = await this.#pages.memberCount(guildId);
      if (total !== run.total) run = { ...run, total };
      let savedAt = this.#clock.now().getTime();
      // The last checkpoint, written while the next members are planned; awaited before the next edit, so a
      // cancel or a trigger stops the run before it sends anything more.
      let saving: Promise<boolean> = Promise.resolve(true);
      const save = (next: ServerSyncRun) => {
        const written = this.#runs.checkpoint(next, workerToken);
        // Awaited before the next edit; a run stopped in between must not leave its failure unhandled.
        written.catch(() => {});
        return written;
      };
      let ahead: Promise<LoadedPage> | null = null;

      for (;;) {
        const page: LoadedPage = await (ahead ?? load(run.cursor));
        // The next page is read, and its Roblox lookups made, while this one's edits wait for the rate limit.
        ahead = page.members.length === this.#settings.pageSize ? load(page.members.at(-1)!.id) : null;
        ahead?.catch(() => {});

        for (const listed of page.members) {
          if (stopped()) return null;
          if (run.wrapped && BigInt(listed.id) > BigInt(run.wrapAt)) break;
          const visit = await this.#plan(guildId, listed, page.accounts.get(listed.id), settings, standings);
          if (visit.edit) {
            if (!(await saving)) {
              run = await this.#reload(guildId, workerToken);
              continue generations;
            }
            // Planned again under the member's lock, from the state a /verify sync may have changed meanwhile.
            visit.outcome = await this.#locks.exclusive({ guildId, discordUserId: listed.id }, async () => {
              const current = await this.#plan(guildId, listed, page.accounts.get(listed.id), settings, standings);
              return current.edit ? this.#edit(guildId, current.member, current.edit, noted) : current.outcome;
            });
          }
          if (visit.outcome !== 'failed' && noted.delete(listed.id))
            await this.#problems.clearMember(guildId, listed.id);
          const fresh = visit.problems.filter((problem) => !reported.has(problem.targetId));
          for (const problem of fresh) {
            if (problem.kind === 'member') noted.add(problem.targetId);
            else reported.add(problem.targetId);
          }
          if (fresh.length) await this.#problems.note(guildId, fresh);

          run = { ...run, cursor: listed.id, visited: run.visited + 1 };
          if (visit.outcome !== 'ignored') run[visit.outcome] += 1;
          const now = this.#clock.now().getTime();
          if (visit.outcome === 'changed' || now - savedAt >= this.#settings.checkpointMs) {
            if (!(await saving)) {
              run = await this.#reload(guildId, workerToken);
              continue generations;
            }
            saving = save(run);
            savedAt = now;
          }
        }

        if (!(await saving)) {
          run = await this.#reload(guildId, workerToken);
          continue generations;
        }
        const lastPage = page.members.length < this.#settings.pageSize;
        const reachedStart = run.wrapped && page.members.some((member) => BigInt(member.id) > BigInt(run!.wrapAt));
        if (lastPage && !run.wrapped && run.wrapAt !== '0') {
          // The members before this generation began were visited with older settings: round again up to there.
          run = { ...run, wrapped: true, cursor: '0' };
          ahead = null;
        } else if (lastPage || reachedStart) {
          const finished = this.#end(run, 'done', null);
          if (await this.#runs.checkpoint(finished, workerToken)) return finished;
          run = await this.#reload(guildId, workerToken);
          continue generations;
        }
        saving = save(run);
        savedAt = this.#clock.now().getTime();
      }
    }
    return run;
  }

  #end(run: ServerSyncRun, state: 'done' | 'failed', error: string | null): ServerSyncRun {
    return { ...run, state, error, finishedAt: this.#clock.now() };
  }

  /** The run after a refused checkpoint: null when it is no longer this worker's to carry on (cancelled, taken). */
  async #reload(guildId: string, workerToken: string): Promise<ServerSyncRun | null> {
    const run = await this.#runs.get(guildId);
    return run?.state === 'running' && run.workerToken === workerToken ? run : null;
  }

  async #settingsOf(guildId: string): Promise<Settings | null> {
    const [config, guild] = await Promise.all([this.#configs.get(guildId), this.#discord.guild(guildId)]);
    return guild ? { config, guild } : null;
  }

  async #loadPage(
    guildId: string,
    after: string,
    config: ServerConfig,
    standings: Map<string, Promise<RobloxStanding>>,
  ): Promise<LoadedPage> {
    const members = await this.#pages.page(guildId, after, this.#settings.pageSize);
    const accounts = await this.#accounts.byDiscordIds(
      members.map((member) => member.id),
      guildId,
    );
    const linked = [...accounts.values()]
      .map(syncedRobloxId)
      .filter((robloxId): robloxId is string => robloxId !== null && !standings.has(robloxId));
    for (const [robloxId, standing] of prefetch(linked, this.#settings.robloxConcurrency, (id) =>
      provenStanding(id, config, this.#roblox),
    ))
      standings.set(robloxId, standing);
    return { members, accounts };
  }

  /** What one member needs: nothing, an edit, or nothing the bot may do (reported). */
  async #plan(
    guildId: string,
    listed: GuildMember,
    account: LinkedAccount | undefined,
    settings: Settings,
    standings: Map<string, Promise<RobloxStanding>>,
  ): Promise<Visit> {
    const none: Visit = { outcome: 'unchanged', member: listed, edit: null, problems: [] };
    // Bots (GroupFlow itself, other integrations) have no Roblox account to prove: left as they are.
    if (listed.bot) return { ...none, outcome: 'ignored' };
    // As in the single-member sync: a proven link, or a vouch in this server, says what a member's roles should be;
    // everyone else is unverified, known from the stored links without asking Roblox.
    const robloxId = syncedRobloxId(account ?? null);
    let proven: RobloxStanding = null;
    if (robloxId) {
      try {
        proven = await standings.get(robloxId)!;
      } catch {
        // Roblox did not answer for this account: counted as failed, named with the reason (the card lists who could
        // not be updated), and the run goes on with the others.
        const reason = `Roblox did not answer about ${listed.username}'s account: the next update tries again`;
        return {
          ...none,
          outcome: 'failed',
          problems: [{ kind: 'member', targetId: listed.id, name: listed.username, reason }],
        };
      }
    }
    const member = (await this.#pages.current(guildId, listed.id)) ?? listed;
    const plan = planMemberSync({
      ...settings,
      member,
      standing: proven ?? unverifiedStanding(account ?? null),
      now: this.#clock.now(),
    });
    if (plan.kind === 'unmanageable') {
      // Nobody may change the owner's roles, and an owner without a proven account loses nothing by it: not a
      // failure of every run, nor a finding in every server's setup check.
      if (!proven && member.id === settings.guild.ownerId) return { ...none, member, outcome: 'ignored' };
      return { ...none, member, outcome: 'failed', problems: [plan.problem] };
    }
    // An unverified member in a server that gives them no role is not the run's concern unless it takes roles away.
    const appliesTo = proven || settings.config.unverifiedRoleId !== '' || plan.edit;
    if (!appliesTo) return { ...none, member, outcome: 'ignored' };
    return { outcome: plan.edit ? 'changed' : 'unchanged', member, edit: plan.edit, problems: plan.problems };
  }

  async #edit(
    guildId: string,
    member: GuildMember,
    edit: { roleIds?: string[]; nick?: string },
    noted: Set<string>,
  ): Promise<Outcome> {
    try {
      await this.#discord.editMember(guildId, member.id, edit);
      return 'changed';
    } catch (error) {
      if (!(error instanceof DiscordRefused)) throw error;
      const reason = refusedEditReason(member.username);
      await this.#problems.note(guildId, [{ kind: 'member', targetId: member.id, name: member.username, reason }]);
      noted.add(member.id);
      return 'failed';
    }
  }
}
