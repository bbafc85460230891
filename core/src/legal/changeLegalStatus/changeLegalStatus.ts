import type { Clock } from '../../shared/clock.ts';
import { Conflict, Forbidden, Invalid, NotFound } from '../../shared/errors.ts';
import type { Transaction } from '../../shared/transaction.ts';
import type { StaffActivityLog } from '../../staff/activityLog.ts';
import type { StaffMember } from '../../staff/ports.ts';
import { ROLE_INFO } from '../../staff/roles.ts';
import {
  KIND_NOUN,
  type CaseStatus,
  type LegalKind,
  type LegalRecordOf,
  type ReportStatus,
  type ViolationStatus,
} from '../legalRecords.ts';
import type { LegalRecordStore, LegalStores } from '../ports.ts';
import { CASE_MOVES, REPORT_MOVES, VIOLATION_MOVES, canMove } from '../statusMoves.ts';

export type LegalStatusChange =
  | { kind: 'cases'; id: number; status: CaseStatus }
  | { kind: 'violations'; id: number; status: ViolationStatus; actionTaken?: string | undefined }
  | { kind: 'compliance'; id: number; status: ReportStatus }
  | { kind: 'documents'; id: number; isActive: boolean };

/** Closing a file, publishing a report and switching a policy on or off are what others rely on: leadership decides them. */
const FINAL_STATES = new Set(['closed', 'published']);
const mayFinalise = (actor: StaffMember) => ROLE_INFO[actor.role].group === 'Leadership';

interface Planned<R> {
  expected: Partial<R>;
  changes: Partial<R>;
  type: string;
  description: string;
}

/**
 * PATCH /api/legal/{kind}/{id}: one status move along statusMoves.ts (or a document's activation). The write is
 * conditional on the state the move was checked against, so of two racing changes exactly one applies.
 */
export class ChangeLegalStatus {
  readonly #stores: LegalStores;
  readonly #activities: StaffActivityLog;
  readonly #transaction: Transaction;
  readonly #clock: Clock;

  constructor(stores: LegalStores, activities: StaffActivityLog, transaction: Transaction, clock: Clock) {
    this.#stores = stores;
    this.#activities = activities;
    this.#transaction = transaction;
    this.#clock = clock;
  }

  async execute<C extends LegalStatusChange>(actor: StaffMember, change: C): Promise<LegalRecordOf[C['kind']]> {
    // #change's switch answers the change's own kind.
    return (await this.#change(actor, change)) as LegalRecordOf[C['kind']];
  }

  async #change(actor: StaffMember, change: LegalStatusChange): Promise<LegalRecordOf[LegalKind]> {
    switch (change.kind) {
      case 'cases': {
        const store = this.#stores.cases;
        const current = await this.#load(store, change);
        this.#checkMove(
          actor,
          change.kind,
          current.status,
          change.status,
          canMove(CASE_MOVES, current.status, change.status),
        );
        return this.#apply(actor, store, change.id, {
          expected: { status: current.status },
          changes: { status: change.status },
          type: 'legal.case_status_changed',
          description: `${actor.username} moved legal case ${current.caseNumber} from ${current.status} to ${change.status}`,
        });
      }
      case 'violations': {
        const store = this.#stores.violations;
        const current = await this.#load(store, change);
        this.#checkMove(
          actor,
          change.kind,
          current.status,
          change.status,
          canMove(VIOLATION_MOVES, current.status, change.status),
        );
        const actionTaken = change.actionTaken || current.actionTaken;
        if (change.status === 'action_taken' && !actionTaken) {
          throw new Invalid('LEGAL.ACTION_REQUIRED', 'Describe the action taken', [
            { path: ['actionTaken'], message: 'Describe the action taken' },
          ]);
        }
        return this.#apply(actor, store, change.id, {
          expected: { status: current.status },
          changes: { status: change.status, actionTaken: actionTaken ?? null, reviewedBy: actor.id },
          type: 'legal.violation_status_changed',
          description: `${actor.username} moved policy violation #${current.id} from ${current.status} to ${change.status}`,
        });
      }
      case 'compliance': {
        const store = this.#stores.compliance;
        const current = await this.#load(store, change);
        this.#checkMove(
          actor,
          change.kind,
          current.status,
          change.status,
          canMove(REPORT_MOVES, current.status, change.status),
        );
        return this.#apply(actor, store, change.id, {
          expected: { status: current.status },
          changes: { status: change.status, publishedAt: change.status === 'published' ? this.#clock.now() : null },
          type: 'legal.report_status_changed',
          description: `${actor.username} moved compliance report "${current.title}" from ${current.status} to ${change.status}`,
        });
      }
      case 'documents': {
        const store = this.#stores.documents;
        const current = await this.#load(store, change);
        const state = (active: boolean) => (active ? 'active' : 'inactive');
        if (current.isActive === change.isActive)
          throw new Conflict('LEGAL.ALREADY_IN_STATE', `The legal document is already ${state(change.isActive)}`);
        if (!mayFinalise(actor))
          throw new Forbidden('LEGAL.LEADERSHIP_ONLY', 'Only leadership may activate or deactivate legal documents');
        return this.#apply(actor, store, change.id, {
          expected: { isActive: current.isActive },
          changes: { isActive: change.isActive },
          type: change.isActive ? 'legal.document_activated' : 'legal.document_deactivated',
          description: `${actor.username} made legal document "${current.title}" v${current.version} ${state(change.isActive)}`,
        });
      }
    }
  }

  async #load<R extends { id: number }>(
    store: LegalRecordStore<R, unknown>,
    change: { kind: LegalKind; id: number },
  ): Promise<R> {
    const record = await store.findById(change.id);
    if (record === null) throw new NotFound('LEGAL.NOT_FOUND', `The ${KIND_NOUN[change.kind]} was not found`);
    return record;
  }

  #checkMove(actor: StaffMember, kind: LegalKind, from: string, to: string, allowed: boolean): void {
    const noun = KIND_NOUN[kind];
    if (from === to) throw new Conflict('LEGAL.ALREADY_IN_STATE', `The ${noun} is already ${to}`);
    if (!allowed) throw new Conflict('LEGAL.INVALID_MOVE', `A ${noun} cannot move from ${from} to ${to}`);
    if (FINAL_STATES.has(to) && !mayFinalise(actor)) {
      throw new Forbidden('LEGAL.LEADERSHIP_ONLY', `Only leadership may move a ${noun} to ${to}`);
    }
  }

  async #apply<R extends { id: number }>(
    actor: StaffMember,
    store: LegalRecordStore<R, unknown>,
    id: number,
    plan: Planned<R>,
  ): Promise<R> {
    return this.#transaction.run(async () => {
      if (!(await store.updateIf(id, plan.expected, plan.changes))) {
        throw new Conflict(
          'LEGAL.CHANGED_MEANWHILE',
          'The record was changed by someone else; reload it and try again',
        );
      }
      await this.#activities.record({ staffUserId: actor.id, type: plan.type, description: plan.description });
      const updated = await store.findById(id);
      if (updated === null) throw new NotFound('LEGAL.NOT_FOUND', 'The record was not found');
      return updated;
    });
  }
}
