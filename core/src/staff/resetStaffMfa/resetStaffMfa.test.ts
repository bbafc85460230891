import { describe, expect, it } from 'vitest';
import { Forbidden, NotFound } from '../../shared/errors.ts';
import {
  InMemoryStaffActivityLog,
  InMemoryStaffMfa,
  InMemoryStaffRepository,
  InMemoryStaffSessions,
  SpyTransaction,
  T0,
  makeStaffMember,
} from '../testing/fakes.ts';
import { ResetStaffMfa } from './resetStaffMfa.ts';

const OWNER = makeStaffMember({ id: 1, username: 'owner', role: 'platform_owner' });

const makeSut = async () => {
  const staff = new InMemoryStaffRepository()
    .add(OWNER)
    .add(makeStaffMember({ id: 7, username: 'dana', email: 'dana@groupflow.test', role: 'head_platform' }));
  const sessions = new InMemoryStaffSessions(staff);
  await sessions.create(7, 'digest:dana', new Date(T0.getTime() + 60_000));
  const mfa = new InMemoryStaffMfa(staff);
  await mfa.enable(7, 'DANASECRET', ['digest:rc'], 0);
  const activities = new InMemoryStaffActivityLog();
  const transaction = new SpyTransaction();
  const sut = new ResetStaffMfa({ staff, sessions, mfa, activities, transaction });
  return { sut, staff, sessions, mfa, activities, transaction };
};

describe('ResetStaffMfa', () => {
  it("lets the owner turn off a member's two-factor authentication, ending their sessions, in the activity log", async () => {
    const { sut, staff, sessions, mfa, activities, transaction } = await makeSut();
    await sut.execute(OWNER, 7);
    expect(staff.stored(7)?.mfaEnabled).toBe(false);
    expect(await mfa.secret(7)).toBeNull();
    expect(sessions.sessions).toEqual([]);
    expect(activities.entries).toMatchObject([
      {
        staffUserId: 1,
        type: 'staff.mfa_reset',
        description: 'owner reset the two-factor authentication of dana (Head of Platform)',
      },
    ]);
    expect(transaction.runs).toBe(1);
  });

  it("revokes the member's device cookies (bumps their device generation)", async () => {
    const { sut, staff } = await makeSut();
    await sut.execute(OWNER, 7);
    expect(staff.stored(7)?.deviceGeneration).toBe(1);
    expect(staff.stored(1)?.deviceGeneration).toBe(0);
  });

  it('refuses anyone but the owner, even a member of high rank, and changes nothing', async () => {
    const { sut, staff, activities } = await makeSut();
    const head = makeStaffMember({ id: 9, role: 'head_internal_operations' });
    await expect(sut.execute(head, 7)).rejects.toBeInstanceOf(Forbidden);
    expect(staff.stored(7)?.mfaEnabled).toBe(true);
    expect(activities.entries).toEqual([]);
  });

  it('answers NotFound for an unknown member', async () => {
    const { sut } = await makeSut();
    await expect(sut.execute(OWNER, 99)).rejects.toBeInstanceOf(NotFound);
  });
});
