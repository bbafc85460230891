import type { Logger } from 'pino';
import type { AutoPromote, ConnectedGroups } from '@groupflow/core';
import type { PgBossJobs } from './PgBossJobs.ts';
import { PgBossGroupRounds, type GroupRoundSettings } from './PgBossGroupRounds.ts';

export const AUTO_PROMOTION_QUEUE = 'workspace-auto-promote';

export type AutoPromotionJobSettings = GroupRoundSettings;

export interface AutoPromotionDeps {
  autoPromote: AutoPromote;
  groups: Pick<ConnectedGroups, 'withAutoPromotion'>;
  /** Runs database work in its own unit of work. */
  scoped<T>(work: () => Promise<T>): Promise<T>;
  logger: Logger;
}

/** Auto promotion on pg-boss: every interval a run for each group with auto promotion on. */
export class PgBossAutoPromotion extends PgBossGroupRounds {
  constructor(jobs: PgBossJobs, settings: AutoPromotionJobSettings, deps: AutoPromotionDeps) {
    super(
      jobs,
      settings,
      {
        queue: AUTO_PROMOTION_QUEUE,
        due: () => deps.groups.withAutoPromotion(),
        run: async (groupId) => {
          const outcome = await deps.autoPromote.execute(groupId);
          if (outcome.promoted || outcome.failed || outcome.suspendedRules)
            deps.logger.info({ groupId, ...outcome }, 'auto promotion');
          return outcome;
        },
      },
      deps,
    );
  }
}
