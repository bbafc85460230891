import type { Clock } from '../../shared/clock.ts';
import type { ConnectedGroups } from '../groupPorts.ts';
import { noticeWeek, type QuotaBehindSettings } from '../notifyQuotaBehind/notifyQuotaBehind.ts';

/**
 * The groups the quota-behind job visits now: every group with quotas on once the week's notice point has passed,
 * none before, so the job queues no run that would tell nobody.
 */
export class ListQuotaNoticeGroups {
  readonly #groups: Pick<ConnectedGroups, 'withQuotaSystem'>;
  readonly #clock: Clock;
  readonly #settings: Pick<QuotaBehindSettings, 'week' | 'noticeBeforeEndMs'>;

  constructor(deps: {
    groups: Pick<ConnectedGroups, 'withQuotaSystem'>;
    clock: Clock;
    settings: Pick<QuotaBehindSettings, 'week' | 'noticeBeforeEndMs'>;
  }) {
    this.#groups = deps.groups;
    this.#clock = deps.clock;
    this.#settings = deps.settings;
  }

  async execute(): Promise<string[]> {
    return noticeWeek(this.#clock.now(), this.#settings) ? this.#groups.withQuotaSystem() : [];
  }
}
