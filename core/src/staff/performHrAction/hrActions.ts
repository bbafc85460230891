import type { StaffRole } from '../roles.ts';

export const HR_ACTION_TYPES = ['termination', 'suspension', 'demotion', 'promotion', 'writeup'] as const;
export type HrActionType = (typeof HR_ACTION_TYPES)[number];

export const HR_ACTION_LABELS: Record<HrActionType, string> = {
  termination: 'Termination',
  suspension: 'Suspension',
  demotion: 'Demotion',
  promotion: 'Promotion',
  writeup: 'Write-up',
};

/** A recorded HR action (spec 3, hr_actions); names and emails are copies as they were at the time. */
export interface HrAction {
  id: number;
  actionType: HrActionType;
  targetStaffId: number;
  targetStaffEmail: string;
  targetStaffUsername: string;
  performedByStaffId: number;
  performedByEmail: string;
  performedByUsername: string;
  reason: string;
  newRole: StaffRole | null;
  suspensionDays: number | null;
  status: string;
  createdAt: Date;
}

export type NewHrAction = Omit<HrAction, 'id' | 'createdAt' | 'status'>;

export interface HrActionRepository {
  add(action: NewHrAction): Promise<HrAction>;
}
