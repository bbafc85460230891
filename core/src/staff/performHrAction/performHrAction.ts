import type { Clock } from '../../shared/clock.ts';
import { Conflict, Forbidden, Invalid } from '../../shared/errors.ts';
import type { Mailer } from '../../shared/mailer.ts';
import type { Transaction } from '../../shared/transaction.ts';
import type { StaffActivityLog } from '../activityLog.ts';
import { describeStaff } from '../describeStaff.ts';
import { requireStaffMember } from '../requireStaffMember.ts';
import { canPerformHrActionOn, mayAssignRole, PROMOTION_ROLES, ROLE_INFO, type StaffRole } from '../roles.ts';
import type { StaffMember, StaffRepository, StaffSessions } from '../ports.ts';
import { HR_ACTION_LABELS, type HrAction, type HrActionRepository, type HrActionType } from './hrActions.ts';
import { requirePermission } from '../requirePermission.ts';

export interface HrActionRequest {
  type: HrActionType;
  targetStaffId: number;
  reason: string;
  newRole?: StaffRole | undefined;
  suspensionDays?: number | undefined;
}

export interface HrActionSettings {
  /** The leadership mailbox every HR action is reported to (LEADERSHIP_EMAIL). */
  leadershipEmail: string;
}

export interface HrActionResult {
  action: HrAction;
  /** False when the action stands but the notification mail could not be sent. */
  emailSent: boolean;
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * POST /api/staff/hr-action. The member change, its record, the activity and the revocation of the target's
 * sessions are one transaction; the mail goes out after it commits, so a mail outage never undoes an action.
 */
export class PerformHrAction {
  readonly #staff: StaffRepository;
  readonly #sessions: StaffSessions;
  readonly #hrActions: HrActionRepository;
  readonly #activities: StaffActivityLog;
  readonly #mailer: Mailer;
  readonly #transaction: Transaction;
  readonly #clock: Clock;
  readonly #settings: HrActionSettings;

  constructor(
    staff: StaffRepository,
    sessions: StaffSessions,
    hrActions: HrActionRepository,
    activities: StaffActivityLog,
    mailer: Mailer,
    transaction: Transaction,
    clock: Clock,
    settings: HrActionSettings,
  ) {
    this.#staff = staff;
    this.#sessions = sessions;
    this.#hrActions = hrActions;
    this.#activities = activities;
    this.#mailer = mailer;
    this.#transaction = transaction;
    this.#clock = clock;
    this.#settings = settings;
  }

  async execute(actor: StaffMember, request: HrActionRequest): Promise<HrActionResult> {
    requirePermission(actor, 'hr.actions');
    const target = await requireStaffMember(this.#staff, request.targetStaffId);
    if (!canPerformHrActionOn(actor, target)) {
      throw new Forbidden(
        'STAFF.TARGET_OUTRANKS',
        actor.id === target.id
          ? 'You cannot perform HR actions on yourself'
          : `You may only perform HR actions on staff ranked below you (${ROLE_INFO[target.role].displayName} is not)`,
      );
    }
    if (isTerminated(target))
      throw new Conflict('STAFF.ALREADY_TERMINATED', `${target.username} has already been terminated`);
    const changed = this.#apply(actor, target, request);
    const label = HR_ACTION_LABELS[request.type];

    const action = await this.#transaction.run(async () => {
      if (changed !== target) await this.#staff.save(changed);
      if (!changed.isActive) await this.#sessions.revokeAllFor(target.id);
      const recorded = await this.#hrActions.add({
        actionType: request.type,
        targetStaffId: target.id,
        targetStaffEmail: target.email,
        targetStaffUsername: target.username,
        performedByStaffId: actor.id,
        performedByEmail: actor.email,
        performedByUsername: actor.username,
        reason: request.reason,
        newRole: request.type === 'promotion' || request.type === 'demotion' ? changed.role : null,
        suspensionDays: request.type === 'suspension' ? (request.suspensionDays ?? null) : null,
      });
      await this.#activities.record({
        staffUserId: actor.id,
        type: `hr.${request.type}`,
        description: `${label}: ${describeStaff(target)} by ${actor.username}`,
      });
      return recorded;
    });

    const emailSent = await this.#mailer
      .send({
        to: [...new Set([this.#settings.leadershipEmail, target.email])],
        subject: `HR action: ${label} of ${target.username}`,
        text: hrMailText(action, target, changed),
      })
      .then(
        () => true,
        () => false,
      );
    return { action, emailSent };
  }

  /** The member as the action leaves them; the same object when nothing about them changes. */
  #apply(actor: StaffMember, target: StaffMember, request: HrActionRequest): StaffMember {
    switch (request.type) {
      case 'writeup':
        return target;
      case 'termination':
        return { ...target, isActive: false, clockedIn: false, suspendedUntil: null };
      case 'suspension': {
        const days = request.suspensionDays;
        if (days === undefined || !Number.isInteger(days) || days < 1 || days > 365) {
          throw new Invalid('STAFF.SUSPENSION_LENGTH', 'Suspension length must be 1 to 365 days', [
            { path: ['suspensionDays'], message: 'Suspension length must be 1 to 365 days' },
          ]);
        }
        const until = new Date(this.#clock.now().getTime() + days * DAY_MS);
        return { ...target, isActive: false, clockedIn: false, suspendedUntil: until };
      }
      case 'promotion':
      case 'demotion':
        return { ...target, role: this.#newRole(actor, target, request) };
    }
  }

  #newRole(actor: StaffMember, target: StaffMember, request: HrActionRequest): StaffRole {
    const role = request.newRole;
    const invalid = (message: string) => new Invalid('STAFF.INVALID_ROLE', message, [{ path: ['newRole'], message }]);
    if (role === undefined || !PROMOTION_ROLES.includes(role)) {
      throw invalid(`Choose the new role for the ${request.type}`);
    }
    const from = ROLE_INFO[target.role].rank;
    const to = ROLE_INFO[role].rank;
    // Rank 1 is the top: a promotion moves to a smaller rank number, a demotion to a larger one.
    if (request.type === 'promotion' && to >= from) throw invalid('A promotion must move to a higher role');
    if (request.type === 'demotion' && to <= from) throw invalid('A demotion must move to a lower role');
    // Nobody but the owner raises someone to their own level or above it.
    if (!mayAssignRole(actor.role, role)) {
      throw new Forbidden('STAFF.ROLE_TOO_HIGH', 'You may not give a role at or above your own');
    }
    return role;
  }
}

function isTerminated(member: StaffMember): boolean {
  return !member.isActive && member.suspendedUntil === null;
}

function hrMailText(action: HrAction, before: StaffMember, after: StaffMember): string {
  const lines = [
    `HR action: ${HR_ACTION_LABELS[action.actionType]}`,
    `Staff member: ${describeStaff(before)} <${before.email}>`,
    `Performed by: ${action.performedByUsername} <${action.performedByEmail}>`,
    `Date: ${action.createdAt.toISOString()}`,
  ];
  if (after.role !== before.role) lines.push(`New role: ${ROLE_INFO[after.role].displayName}`);
  if (after.suspendedUntil)
    lines.push(`Suspended for ${action.suspensionDays} days, until ${after.suspendedUntil.toISOString()}`);
  lines.push('', 'Reason:', action.reason, '', 'This action is permanently recorded.');
  return lines.join('\n');
}
