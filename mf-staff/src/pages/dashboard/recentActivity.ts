import type { StaffActivityWire as StaffActivity } from '@groupflow/core/contracts';

/** Spec 2 section 9: the latest 20 are fetched, the first 5 shown. */
export const RECENT_ACTIVITY_SHOWN = 5;

/** Shown when there is no activity at all yet (spec 2: "three static sample lines"; the spec gives no wording). */
export const SAMPLE_ACTIVITY = [
  { key: 'sample-1', description: 'Clock-ins and clock-outs appear here', time: 'Example' },
  { key: 'sample-2', description: 'HR actions appear here', time: 'Example' },
  { key: 'sample-3', description: 'Staff accounts created or removed appear here', time: 'Example' },
] as const;

export interface ActivityLine {
  key: string;
  description: string;
  time: string;
}

export function recentActivityLines(
  activities: readonly StaffActivity[] | null | undefined,
  shown: number,
  formatTime: (date: Date) => string = (date) => date.toLocaleString(),
): ActivityLine[] {
  if (!activities || activities.length === 0) return [...SAMPLE_ACTIVITY];
  return activities.slice(0, shown).map((activity) => {
    const created = activity.createdAt ? new Date(activity.createdAt) : null;
    return {
      key: String(activity.id),
      description: activity.description.trim() || 'Staff activity logged',
      time: created && !Number.isNaN(created.getTime()) ? formatTime(created) : 'Just now',
    };
  });
}
