import type { StaffActivity, StaffActivityLog } from '../activityLog.ts';

export interface ActivityListSettings {
  defaultLimit: number;
  maxLimit: number;
}

/** GET /api/staff/activities?limit=N: newest first; the limit is clamped so a poll can never ask for everything. */
export class ListStaffActivities {
  readonly #activities: StaffActivityLog;
  readonly #settings: ActivityListSettings;

  constructor(activities: StaffActivityLog, settings: ActivityListSettings) {
    this.#activities = activities;
    this.#settings = settings;
  }

  async execute(limit: number | undefined): Promise<StaffActivity[]> {
    const wanted = limit ?? this.#settings.defaultLimit;
    return this.#activities.latest(Math.min(Math.max(1, wanted), this.#settings.maxLimit));
  }
}
