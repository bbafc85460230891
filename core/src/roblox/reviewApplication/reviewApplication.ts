import { Conflict, Invalid, NotFound } from '../../shared/errors.ts';
import type { Clock } from '../../shared/clock.ts';
import type { GroupAccessPolicy } from '../groupAccess.ts';
import type { GroupRecords } from '../groupPorts.ts';
import type { ChangeMemberRank } from '../changeMemberRank/changeMemberRank.ts';

export const ALREADY_REVIEWED = 'This application has been reviewed already';
export const RANK_ONLY_ON_ACCEPT = 'Only an accepted applicant is ranked';

export interface ApplicationReview {
  decision: 'accepted' | 'rejected';
  note?: string | undefined;
  /** On acceptance: rank the applicant (their Roblox id) to this rank through Open Cloud first. */
  rank?: { userId: string; rankId: number } | undefined;
}

/**
 * POST /api/roblox/groups/{id}/applications/{applicationId}/review: a manager accepts or rejects with a note.
 * Accepting may rank the applicant; the rank change comes first (audited as `application`), so a refused change
 * leaves the application as it was.
 */
export class ReviewApplication {
  readonly #access: GroupAccessPolicy;
  readonly #records: Pick<GroupRecords, 'findApplication' | 'reviewApplication'>;
  readonly #ranking: ChangeMemberRank;
  readonly #clock: Clock;

  constructor(
    access: GroupAccessPolicy,
    records: Pick<GroupRecords, 'findApplication' | 'reviewApplication'>,
    ranking: ChangeMemberRank,
    clock: Clock,
  ) {
    this.#access = access;
    this.#records = records;
    this.#ranking = ranking;
    this.#clock = clock;
  }

  async execute(customerId: number | undefined, groupId: string, id: number, review: ApplicationReview) {
    const { customer } = await this.#access.manage(customerId, groupId);
    if (review.rank && review.decision !== 'accepted')
      throw new Invalid('ROBLOX.RANK_ONLY_ON_ACCEPT', RANK_ONLY_ON_ACCEPT, [
        { path: ['rank'], message: RANK_ONLY_ON_ACCEPT },
      ]);
    const application = await this.#records.findApplication(groupId, id);
    if (!application) throw new NotFound('ROBLOX.APPLICATION_NOT_FOUND', 'Application not found');
    if (application.status === 'accepted' || application.status === 'rejected')
      throw new Conflict('ROBLOX.APPLICATION_REVIEWED', ALREADY_REVIEWED);
    const rankChange = review.rank
      ? await this.#ranking.execute(
          customerId,
          groupId,
          review.rank.userId,
          { rankId: review.rank.rankId, reason: `Application accepted: ${application.desiredRank}` },
          'application',
        )
      : null;
    const reviewed = await this.#records.reviewApplication(groupId, id, {
      status: review.decision,
      note: review.note || null,
      reviewedBy: customer.robloxUsername,
      reviewedAt: this.#clock.now(),
    });
    if (!reviewed) throw new Conflict('ROBLOX.APPLICATION_REVIEWED', ALREADY_REVIEWED);
    return { application: reviewed, rankChange };
  }
}
