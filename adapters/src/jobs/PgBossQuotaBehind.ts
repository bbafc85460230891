import type { ListQuotaNoticeGroups, NotifyQuotaBehind } from '@groupflow/core';
import type { PgBossJobs } from './PgBossJobs.ts';
import { PgBossGroupRounds, type GroupRoundDeps, type GroupRoundSettings } from './PgBossGroupRounds.ts';

export const QUOTA_BEHIND_QUEUE = 'workspace-quota-behind';

/**
 * The weekly quota-behind notices on pg-boss: once the week's notice point has passed, every interval queues a run
 * for each group with quotas on; the notices' keys keep the later runs of the week from telling anyone twice.
 */
export class PgBossQuotaBehind extends PgBossGroupRounds {
  constructor(
    jobs: PgBossJobs,
    settings: GroupRoundSettings,
    deps: GroupRoundDeps & {
      notifyQuotaBehind: NotifyQuotaBehind;
      listQuotaNoticeGroups: ListQuotaNoticeGroups;
    },
  ) {
    super(
      jobs,
      settings,
      {
        queue: QUOTA_BEHIND_QUEUE,
        due: () => deps.listQuotaNoticeGroups.execute(),
        run: (groupId) => deps.notifyQuotaBehind.execute(groupId),
      },
      deps,
    );
  }
}
