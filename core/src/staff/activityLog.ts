import type { PageCursor } from '../shared/paging.ts';
/** One line of the staff activity feed (dashboard "Recent Activity"); stored in the shared activities table. */
export interface StaffActivity {
  id: number;
  /** Who did it; null for system events. */
  staffUserId: number | null;
  /** Dotted kind, e.g. `staff.clock_in`, `hr.termination`, `legal.case_created`. */
  type: string;
  description: string;
  createdAt: Date;
}

export interface StaffActivityEntry {
  staffUserId: number | null;
  type: string;
  description: string;
}

/** Every staff-side change is written here; the dashboard reads the newest first. */
export interface StaffActivityLog {
  record(entry: StaffActivityEntry): Promise<void>;
  /** Newest first (by id), at most `limit`, older than `before` when given. */
  latest(limit: number, before: PageCursor | null): Promise<StaffActivity[]>;
}
