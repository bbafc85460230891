import {
  isStaffRole,
  type HrAction,
  type HrActionRepository,
  type HrActionType,
  type NewHrAction,
} from '@groupflow/core';
import type { Orm } from '../database.ts';
import { HrAction as HrActionEntity } from '../entities/index.ts';

export class MikroOrmHrActionRepository implements HrActionRepository {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async add(action: NewHrAction): Promise<HrAction> {
    const em = this.#orm.em;
    const row = em.create(HrActionEntity, {
      actionType: action.actionType,
      targetStaffId: action.targetStaffId,
      targetStaffEmail: action.targetStaffEmail,
      targetStaffUsername: action.targetStaffUsername,
      performedByStaffId: action.performedByStaffId,
      performedByEmail: action.performedByEmail,
      performedByUsername: action.performedByUsername,
      reason: action.reason,
      newRole: action.newRole,
      suspensionDays: action.suspensionDays,
    });
    await em.flush();
    return {
      ...action,
      id: row.id,
      actionType: row.actionType as HrActionType,
      newRole: row.newRole && isStaffRole(row.newRole) ? row.newRole : null,
      status: row.status,
      createdAt: row.createdAt,
    };
  }
}
