import type { WarnOpenCloudKeyLapse } from '@groupflow/core';
import type { PgBossJobs } from './PgBossJobs.ts';
import { PgBossGroupRounds, type GroupRoundDeps, type GroupRoundSettings } from './PgBossGroupRounds.ts';

export const OPEN_CLOUD_KEY_LAPSE_QUEUE = 'workspace-open-cloud-key-lapse';

/**
 * The Open Cloud key lapse warnings on pg-boss: every interval a run for each group whose key lapses within the
 * warning days and whose owner was not warned yet; the key's row records the warning, so nobody hears it twice.
 */
export class PgBossOpenCloudKeyLapse extends PgBossGroupRounds {
  constructor(
    jobs: PgBossJobs,
    settings: GroupRoundSettings,
    deps: GroupRoundDeps & { warnOpenCloudKeyLapse: WarnOpenCloudKeyLapse },
  ) {
    super(
      jobs,
      settings,
      {
        queue: OPEN_CLOUD_KEY_LAPSE_QUEUE,
        due: () => deps.warnOpenCloudKeyLapse.due(),
        run: (groupId) => deps.warnOpenCloudKeyLapse.execute(groupId),
      },
      deps,
    );
  }
}
