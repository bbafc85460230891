import type { Clock } from '../../shared/clock.ts';
import type { GroupAccessPolicy } from '../groupAccess.ts';
import { quotaWeekOf, type QuotaWeekSettings } from '../quotaWeek.ts';
import type { QuotaRoster, QuotaRosterRead } from '../quotaRoster.ts';
import type {
  GroupQuotas,
  MemberFigures,
  MemberTotals,
  QuotaKind,
  RankUnknownReason,
  StoredQuota,
  TimeOffRequests,
} from '../workspacePorts.ts';

export interface QuotaProgressSettings {
  week: QuotaWeekSettings;
  /** Sessions open longer than this count up to start + cap. */
  sessionCapMs: number;
  /** A scheduled session's window for attendance: its start plus this. */
  attendanceMs: number;
}

const valueOf = (totals: MemberTotals, kind: QuotaKind) =>
  kind === 'minutes-in-game'
    ? totals.minutes
    : kind === 'sessions-hosted'
      ? totals.sessionsHosted
      : totals.sessionsAttended;

const PERCENT = 100;

/** One member's standing against the quotas of their rank. */
export function progressOf(totals: MemberTotals, quotas: StoredQuota[], excused: boolean, chased: boolean) {
  const progress = quotas
    .filter((quota) => totals.rankId !== null && quota.rankIds.includes(totals.rankId))
    .map((quota) => {
      const value = valueOf(totals, quota.kind);
      return {
        quotaId: quota.id,
        name: quota.name,
        kind: quota.kind,
        amount: quota.amount,
        value,
        percent: Math.min(PERCENT, Math.floor((value * PERCENT) / quota.amount)),
        met: value >= quota.amount,
      };
    });
  return {
    userId: totals.userId,
    username: totals.username,
    rankId: totals.rankId,
    rankName: totals.rankName,
    excused,
    behind: chased && !excused && progress.some((entry) => !entry.met),
    progress,
  };
}

/** How the roster names a member Roblox listed without a name, as the activity ledger does. */
const placeholderName = (userId: string) => `User ${userId}`;

const NO_FIGURES = { minutes: 0, sessionsHosted: 0, sessionsAttended: 0 };

type Standing = ReturnType<typeof progressOf> & { rankUnknown: RankUnknownReason | null };

/** Highest rank first, rows without a rank last, then by name. */
const byRankThenName = (a: Standing, b: Standing) =>
  (b.rankId ?? -1) - (a.rankId ?? -1) || a.username.localeCompare(b.username);

/**
 * GET /api/roblox/groups/{id}/quotas/progress: each member's week against their rank's quotas, from the game's
 * reports and the scheduled sessions; members on approved time off that week are excused. Managers see every member
 * whose current rank has a quota as Roblox's roster lists them (those who never played at 0), and the members
 * GroupFlow knows whose rank Roblox cannot tell, with the reason; other members see only themselves, at the rank
 * their access was granted on.
 */
export class ReadQuotaProgress {
  readonly #access: GroupAccessPolicy;
  readonly #quotas: GroupQuotas;
  readonly #figures: MemberFigures;
  readonly #timeOff: Pick<TimeOffRequests, 'excusedBetween'>;
  readonly #roster: Pick<QuotaRoster, 'read'>;
  readonly #clock: Clock;
  readonly #settings: QuotaProgressSettings;

  constructor(
    access: GroupAccessPolicy,
    quotas: GroupQuotas,
    figures: MemberFigures,
    timeOff: Pick<TimeOffRequests, 'excusedBetween'>,
    roster: Pick<QuotaRoster, 'read'>,
    clock: Clock,
    settings: QuotaProgressSettings,
  ) {
    this.#access = access;
    this.#quotas = quotas;
    this.#figures = figures;
    this.#timeOff = timeOff;
    this.#roster = roster;
    this.#clock = clock;
    this.#settings = settings;
  }

  async execute(customerId: number | undefined, groupId: string, week?: string) {
    const access = await this.#access.view(customerId, groupId);
    const now = this.#clock.now();
    // A calendar day names the week holding it; its midday keeps it inside that day for zones up to ±12 h.
    const window = quotaWeekOf(week ? new Date(`${week}T12:00:00Z`) : now, this.#settings.week);
    const [quotas, totals, excused] = await Promise.all([
      this.#quotas.list(groupId),
      this.#figures.memberTotals(
        groupId,
        { from: window.start, to: window.end },
        now,
        this.#settings.sessionCapMs,
        this.#settings.attendanceMs,
      ),
      this.#timeOff.excusedBetween(groupId, window.firstDay, window.lastDay),
    ]);
    // A member whose rank Roblox did not confirm is shown, never chased.
    const standing = (member: MemberTotals, rankUnknown: RankUnknownReason | null): Standing => ({
      ...progressOf(member, quotas, excused.has(member.userId), access.group.quotaSystem && rankUnknown === null),
      rankUnknown,
    });
    const ranks = new Set(quotas.flatMap((quota) => quota.rankIds));
    let members: Standing[];
    let rosterComplete = true;
    if (access.canManage) {
      const roster = await this.#roster.read(groupId, ranks);
      rosterComplete = roster.status === 'read' && roster.complete;
      members = everyone(roster, ranks, totals, standing);
    } else {
      const { robloxId, robloxUsername } = access.customer;
      const own = totals.find((member) => member.userId === robloxId);
      members = [
        standing(
          {
            username: robloxUsername,
            ...NO_FIGURES,
            ...own,
            userId: robloxId,
            rankId: access.role.rank,
            rankName: access.role.roleName,
          },
          null,
        ),
      ];
    }
    return {
      enabled: access.group.quotaSystem,
      week: window,
      quotas,
      rosterComplete,
      members: members
        .filter((member) => member.progress.length > 0 || member.rankUnknown !== null)
        .sort(byRankThenName),
    };
  }
}

/**
 * The roster's members at their listed rank, with their figures or none; then the members GroupFlow knows whom the
 * roster did not list, when they may hold a quota: stored at a quota rank, or unranked and active this week.
 */
function everyone(
  roster: QuotaRosterRead,
  ranks: ReadonlySet<number>,
  totals: MemberTotals[],
  standing: (member: MemberTotals, rankUnknown: RankUnknownReason | null) => Standing,
): Standing[] {
  const listed = roster.status === 'read' ? roster.members : new Map<string, never>();
  const known = new Map(totals.map((member) => [member.userId, member]));
  const rows = [...listed.values()].map((member) => {
    const figures = known.get(member.userId);
    const username = member.username ?? figures?.username ?? placeholderName(member.userId);
    return standing({ ...NO_FIGURES, ...figures, ...member, username }, null);
  });
  const reason: RankUnknownReason =
    roster.status === 'unavailable' ? 'roblox-unavailable' : roster.complete ? 'not-in-roster' : 'roster-incomplete';
  for (const member of totals) {
    if (listed.has(member.userId)) continue;
    const storedAtQuotaRank = member.rankId !== null && ranks.has(member.rankId);
    const activeUnranked =
      member.rankId === null && member.minutes + member.sessionsHosted + member.sessionsAttended > 0;
    if (!storedAtQuotaRank && !activeUnranked) continue;
    // Out of a complete roster the stored rank is known to be wrong; otherwise it is the best one there is.
    rows.push(standing(reason === 'not-in-roster' ? { ...member, rankId: null, rankName: null } : member, reason));
  }
  return rows;
}
