import type { CaseStatus, ReportStatus, ViolationStatus } from './legalRecords.ts';

/**
 * The status changes allowed after creation (docs/legal-affairs.md). Work moves forward, may step back to
 * an earlier working state, and a resolved case or violation may be reopened; `closed` and `published` are final,
 * because a closed file or a published report is what others have already relied on.
 */
export const CASE_MOVES: Record<CaseStatus, readonly CaseStatus[]> = {
  investigation: ['review', 'resolved', 'closed'],
  review: ['investigation', 'resolved', 'closed'],
  resolved: ['investigation', 'closed'],
  closed: [],
};

export const VIOLATION_MOVES: Record<ViolationStatus, readonly ViolationStatus[]> = {
  pending: ['review', 'investigation', 'action_taken', 'resolved', 'closed'],
  review: ['investigation', 'action_taken', 'resolved', 'closed'],
  investigation: ['review', 'action_taken', 'resolved', 'closed'],
  action_taken: ['resolved', 'closed'],
  resolved: ['investigation', 'closed'],
  closed: [],
};

export const REPORT_MOVES: Record<ReportStatus, readonly ReportStatus[]> = {
  draft: ['published'],
  published: [],
};

/** Whether `from` may become `to` under `moves`; an unknown stored status allows nothing. */
export function canMove<S extends string>(moves: Record<S, readonly S[]>, from: string, to: S): boolean {
  return Object.hasOwn(moves, from) && moves[from as S].includes(to);
}
