import { describe, expect, it } from 'vitest';
import { Conflict, Forbidden, Invalid, NotFound } from '../../shared/errors.ts';
import {
  FixedClock,
  InMemoryHrActions,
  InMemoryStaffActivityLog,
  InMemoryStaffRepository,
  InMemoryStaffSessions,
  MailerSpy,
  SpyTransaction,
  T0,
  makeStaffMember,
} from '../testing/fakes.ts';
import type { StaffRole } from '../roles.ts';
import { PerformHrAction, type HrActionRequest } from './performHrAction.ts';

const DAY = 24 * 60 * 60_000;
const LEADERSHIP = 'leadership@groupflow.test';

const makeSut = (actorRole: StaffRole = 'human_resources_director', targetRole: StaffRole = 'customer_support') => {
  const actor = makeStaffMember({ id: 1, username: 'hera', email: 'hera@groupflow.test', role: actorRole });
  const target = makeStaffMember({ id: 2, username: 'sam', email: 'sam@groupflow.test', role: targetRole });
  const staff = new InMemoryStaffRepository().add(actor).add(target);
  const sessions = new InMemoryStaffSessions(staff);
  const hrActions = new InMemoryHrActions();
  const clock = new FixedClock();
  const activities = new InMemoryStaffActivityLog(clock);
  const mailer = new MailerSpy();
  const transaction = new SpyTransaction();
  const sut = new PerformHrAction(staff, sessions, hrActions, activities, mailer, transaction, clock, {
    leadershipEmail: LEADERSHIP,
  });
  const act = (request: Partial<HrActionRequest>) =>
    sut.execute(actor, { type: 'writeup', targetStaffId: 2, reason: 'Late twice', ...request });
  return { sut, act, actor, staff, sessions, hrActions, activities, mailer, transaction };
};

describe('PerformHrAction', () => {
  it('records a write-up without changing the member, with copies of both names and emails', async () => {
    const { act, staff, hrActions, activities, transaction } = makeSut();
    const { action } = await act({ type: 'writeup' });
    expect(staff.stored(2)).toMatchObject({ isActive: true, role: 'customer_support' });
    expect(action).toMatchObject({
      actionType: 'writeup',
      targetStaffId: 2,
      targetStaffUsername: 'sam',
      targetStaffEmail: 'sam@groupflow.test',
      performedByStaffId: 1,
      performedByUsername: 'hera',
      performedByEmail: 'hera@groupflow.test',
      reason: 'Late twice',
      newRole: null,
      suspensionDays: null,
    });
    expect(hrActions.actions).toHaveLength(1);
    expect(activities.entries).toEqual([expect.objectContaining({ staffUserId: 1, type: 'hr.writeup' })]);
    expect(transaction.runs).toBe(1);
  });

  it('terminates for good: inactive, clocked out, no end date, every session revoked', async () => {
    const { act, staff, sessions } = makeSut();
    await sessions.create(2, 'digest:t', new Date(T0.getTime() + DAY));
    await act({ type: 'termination' });
    expect(staff.stored(2)).toMatchObject({ isActive: false, clockedIn: false, suspendedUntil: null });
    expect(sessions.sessions).toEqual([]);
  });

  it('suspends until now plus the given days and revokes sessions', async () => {
    const { act, staff, sessions, hrActions } = makeSut();
    await sessions.create(2, 'digest:t', new Date(T0.getTime() + DAY));
    await act({ type: 'suspension', suspensionDays: 7 });
    expect(staff.stored(2)).toMatchObject({ isActive: false, suspendedUntil: new Date(T0.getTime() + 7 * DAY) });
    expect(hrActions.actions[0]).toMatchObject({ suspensionDays: 7, newRole: null });
    expect(sessions.sessions).toEqual([]);
  });

  it.each([1, 365])('accepts a suspension of %s days, the ends of the range', async (suspensionDays) => {
    const { act, staff } = makeSut();
    await act({ type: 'suspension', suspensionDays });
    expect(staff.stored(2)?.suspendedUntil).toEqual(new Date(T0.getTime() + suspensionDays * DAY));
  });

  it.each([0, 366, 2.5, undefined])('refuses a suspension of %s days and writes nothing', async (suspensionDays) => {
    const { act, staff, hrActions, mailer } = makeSut();
    const refusal = act({ type: 'suspension', suspensionDays });
    await expect(refusal).rejects.toBeInstanceOf(Invalid);
    await expect(refusal).rejects.toMatchObject({
      code: 'STAFF.SUSPENSION_LENGTH',
      issues: [{ path: ['suspensionDays'], message: 'Suspension length must be 1 to 365 days' }],
    });
    expect(staff.saves).toBe(0);
    expect(hrActions.actions).toEqual([]);
    expect(mailer.sent).toEqual([]);
  });

  it('promotes to a higher role and records the new role', async () => {
    const { act, staff } = makeSut('head_internal_operations');
    const { action } = await act({ type: 'promotion', newRole: 'marketing_director' });
    expect(staff.stored(2)?.role).toBe('marketing_director');
    expect(action.newRole).toBe('marketing_director');
  });

  it('demotes to a lower role', async () => {
    const { act, staff } = makeSut('platform_owner', 'head_platform');
    await act({ type: 'demotion', newRole: 'customer_support_director' });
    expect(staff.stored(2)?.role).toBe('customer_support_director');
  });

  it.each([
    ['promotion', undefined],
    ['promotion', 'platform_owner'],
    ['promotion', 'customer_support'],
    ['demotion', 'head_platform'],
  ] as const)('refuses a %s to %s', async (type, newRole) => {
    const { act, staff } = makeSut('platform_owner', 'customer_support_director');
    await expect(act({ type, newRole })).rejects.toBeInstanceOf(Invalid);
    expect(staff.stored(2)?.role).toBe('customer_support_director');
  });

  it('lets nobody but the owner give a role at or above their own rank', async () => {
    const { act, staff } = makeSut('human_resources_director');
    await expect(act({ type: 'promotion', newRole: 'customer_support_director' })).rejects.toBeInstanceOf(Forbidden);
    expect(staff.stored(2)?.role).toBe('customer_support');
  });

  it.each(['customer_support', 'customer_support_director', 'head_platform', 'marketing_director'] as const)(
    'refuses %s, who has no HR tools',
    async (role) => {
      const { act, hrActions } = makeSut(role);
      await expect(act({})).rejects.toBeInstanceOf(Forbidden);
      expect(hrActions.actions).toEqual([]);
    },
  );

  it('refuses an action on oneself', async () => {
    const { sut, actor, hrActions } = makeSut('platform_owner');
    await expect(sut.execute(actor, { type: 'writeup', targetStaffId: 1, reason: 'x' })).rejects.toBeInstanceOf(
      Forbidden,
    );
    expect(hrActions.actions).toEqual([]);
  });

  it('acts only on staff ranked strictly below the actor, owners included (issue 14)', async () => {
    await expect(
      makeSut('head_internal_operations', 'platform_owner').act({ type: 'termination' }),
    ).rejects.toBeInstanceOf(Forbidden);
    await expect(makeSut('platform_owner', 'platform_owner').act({ type: 'writeup' })).rejects.toBeInstanceOf(
      Forbidden,
    );
    await expect(makeSut('platform_owner', 'head_internal_operations').act({ type: 'writeup' })).resolves.toBeTruthy();
  });

  it('refuses a director suspending the head of internal operations, and says why', async () => {
    const { act, staff, hrActions } = makeSut('human_resources_director', 'head_internal_operations');
    await expect(act({ type: 'suspension', suspensionDays: 3 })).rejects.toEqual(
      new Forbidden(
        'STAFF.TARGET_OUTRANKS',
        'You may only perform HR actions on staff ranked below you (Head of Internal Operations is not)',
      ),
    );
    expect(staff.stored(2)).toMatchObject({ isActive: true, suspendedUntil: null });
    expect(hrActions.actions).toEqual([]);
  });

  it('refuses an action on a peer of the same role', async () => {
    const { act, hrActions } = makeSut('human_resources_director', 'human_resources_director');
    await expect(act({ type: 'writeup' })).rejects.toBeInstanceOf(Forbidden);
    expect(hrActions.actions).toEqual([]);
  });

  it('refuses any action on a terminated member', async () => {
    const { act } = makeSut();
    await act({ type: 'termination' });
    await expect(act({ type: 'writeup' })).rejects.toBeInstanceOf(Conflict);
  });

  it('answers not found for an unknown target', async () => {
    const { act } = makeSut();
    await expect(act({ targetStaffId: 99 })).rejects.toBeInstanceOf(NotFound);
  });

  it('mails leadership and the member once each, with the reason', async () => {
    const { act, mailer } = makeSut();
    const result = await act({ type: 'termination', reason: 'Gross misconduct' });
    expect(result.emailSent).toBe(true);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]?.to).toEqual([LEADERSHIP, 'sam@groupflow.test']);
    expect(mailer.sent[0]?.subject).toBe('HR action: Termination of sam');
    expect(mailer.sent[0]?.text).toContain('Gross misconduct');
  });

  it('keeps the action when the mail cannot be sent, and says so', async () => {
    const { act, mailer, staff, hrActions } = makeSut();
    mailer.failWith = new Error('SMTP down');
    const result = await act({ type: 'termination' });
    expect(result.emailSent).toBe(false);
    expect(hrActions.actions).toHaveLength(1);
    expect(staff.stored(2)?.isActive).toBe(false);
  });
});
