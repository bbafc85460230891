import { readPage, type ListLimits, type Page, type PageRequest } from '../../shared/paging.ts';
import type { StaffActivity, StaffActivityLog } from '../activityLog.ts';

export type ActivityListSettings = ListLimits;

/** GET /api/staff/activities?limit=&before=: newest first; the limit is clamped so a poll can never ask for everything. */
export class ListStaffActivities {
  readonly #activities: StaffActivityLog;
  readonly #settings: ActivityListSettings;

  constructor(activities: StaffActivityLog, settings: ActivityListSettings) {
    this.#activities = activities;
    this.#settings = settings;
  }

  execute(request: PageRequest = {}): Promise<Page<StaffActivity>> {
    return readPage(request, this.#settings, (before, limit) => this.#activities.latest(limit, before));
  }
}
