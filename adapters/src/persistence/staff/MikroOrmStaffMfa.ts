import type { StaffMfa } from '@groupflow/core';
import type { AesGcmSecretBox } from '../../crypto/AesGcmSecretBox.ts';
import type { Orm } from '../database.ts';
import { StaffMfaChallenge, StaffMfaRecoveryCode, StaffUser } from '../entities/index.ts';

/**
 * Two-factor state on staff_users (secrets sealed with AES-GCM) and the recovery codes' hashes beside it. Claims
 * are single conditional statements, so two requests racing with one code cannot both win.
 */
export class MikroOrmStaffMfa implements StaffMfa {
  readonly #orm: Orm;
  readonly #box: AesGcmSecretBox;

  constructor(orm: Orm, box: AesGcmSecretBox) {
    this.#orm = orm;
    this.#box = box;
  }

  async savePending(staffId: number, secret: string): Promise<void> {
    await this.#orm.em.nativeUpdate(StaffUser, { id: staffId }, { mfaPendingSecret: this.#box.seal(secret) });
  }

  async pendingSecret(staffId: number): Promise<string | null> {
    return this.#open(staffId, 'mfaPendingSecret');
  }

  async secret(staffId: number): Promise<string | null> {
    return this.#open(staffId, 'mfaSecret');
  }

  async #open(staffId: number, field: 'mfaSecret' | 'mfaPendingSecret'): Promise<string | null> {
    const row = await this.#orm.em.findOne(StaffUser, { id: staffId }, { fields: [field], disableIdentityMap: true });
    const sealed = row?.[field] ?? null;
    return sealed === null ? null : this.#box.open(sealed);
  }

  async enable(
    staffId: number,
    secret: string,
    recoveryCodeHashes: readonly string[],
    usedStep: number,
  ): Promise<void> {
    const em = this.#orm.em;
    await em.nativeUpdate(
      StaffUser,
      { id: staffId },
      { mfaEnabled: true, mfaSecret: this.#box.seal(secret), mfaPendingSecret: null, mfaLastStep: usedStep },
    );
    await em.nativeDelete(StaffMfaRecoveryCode, { staffUser: staffId });
    await em.insertMany(
      StaffMfaRecoveryCode,
      recoveryCodeHashes.map((codeHash) => ({ staffUser: staffId, codeHash })),
    );
  }

  async disable(staffId: number): Promise<void> {
    const em = this.#orm.em;
    await em.nativeUpdate(
      StaffUser,
      { id: staffId },
      { mfaEnabled: false, mfaSecret: null, mfaPendingSecret: null, mfaLastStep: null },
    );
    await em.nativeDelete(StaffMfaRecoveryCode, { staffUser: staffId });
    // A sign-in half-way through its code step must not finish against the old setting.
    await em.nativeDelete(StaffMfaChallenge, { staffUser: staffId });
  }

  async claimStep(staffId: number, step: number): Promise<boolean> {
    const changed = await this.#orm.em.nativeUpdate(
      StaffUser,
      { id: staffId, mfaEnabled: true, $or: [{ mfaLastStep: null }, { mfaLastStep: { $lt: step } }] },
      { mfaLastStep: step },
    );
    return changed === 1;
  }

  async claimRecoveryCode(staffId: number, codeHash: string): Promise<boolean> {
    const deleted = await this.#orm.em.nativeDelete(StaffMfaRecoveryCode, { staffUser: staffId, codeHash });
    return deleted > 0;
  }
}
