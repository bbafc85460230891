import { describe, expect, it } from 'vitest';
import { Forbidden, Unauthenticated } from '../../shared/errors.ts';
import {
  FixedClock,
  HOUR,
  InMemoryStaffRepository,
  InMemoryStaffSessions,
  SequentialTokenGenerator,
  T0,
  makeStaffMember,
} from '../testing/fakes.ts';
import { AuthenticateStaffSession } from '../authenticateStaffSession/authenticateStaffSession.ts';
import { AuthenticateStaff } from './authenticateStaff.ts';

const makeSut = () => {
  const staff = new InMemoryStaffRepository().add(makeStaffMember({ id: 7 }));
  const sessions = new InMemoryStaffSessions(staff);
  const tokens = new SequentialTokenGenerator();
  const clock = new FixedClock();
  const sut = new AuthenticateStaff(
    new AuthenticateStaffSession(sessions, clock, { requiredRoles: ['platform_owner'] }),
    tokens,
  );
  const issue = async (staffId = 7, lifetimeMs = 8 * HOUR) => {
    const token = tokens.generate();
    await sessions.create(staffId, tokens.hash(token), new Date(T0.getTime() + lifetimeMs));
    return token;
  };
  return { sut, staff, sessions, clock, issue };
};

describe('AuthenticateStaff', () => {
  it('answers the member a valid token belongs to', async () => {
    const { sut, issue } = makeSut();
    const token = await issue();
    await expect(sut.execute(token)).resolves.toMatchObject({ id: 7, username: 'alice' });
  });

  it.each([undefined, '', '   '])('answers "No token" for %j', async (token) => {
    const { sut } = makeSut();
    await expect(sut.execute(token)).rejects.toEqual(new Unauthenticated('STAFF.TOKEN_MISSING', 'No token'));
  });

  it('refuses a token that was never issued', async () => {
    const { sut, issue } = makeSut();
    await issue();
    await expect(sut.execute('token-99')).rejects.toEqual(new Unauthenticated('STAFF.TOKEN_INVALID', 'Invalid token'));
  });

  it('looks sessions up by the token hash, never the plain token', async () => {
    const { sut, sessions } = makeSut();
    await sessions.create(7, 'token-1', new Date(T0.getTime() + HOUR));
    await expect(sut.execute('token-1')).rejects.toEqual(new Unauthenticated('STAFF.TOKEN_INVALID', 'Invalid token'));
  });

  it('refuses a token once its lifetime has passed', async () => {
    const { sut, issue, clock } = makeSut();
    const token = await issue();
    clock.advance(8 * HOUR - 1);
    await expect(sut.execute(token)).resolves.toMatchObject({ id: 7 });
    clock.advance(1);
    await expect(sut.execute(token)).rejects.toEqual(new Unauthenticated('STAFF.TOKEN_INVALID', 'Invalid token'));
  });

  it('stops a live token from working as soon as its member becomes inactive', async () => {
    const { sut, staff, issue } = makeSut();
    const token = await issue();
    await expect(sut.execute(token)).resolves.toMatchObject({ id: 7 });
    staff.add(makeStaffMember({ id: 7, isActive: false }));
    await expect(sut.execute(token)).rejects.toEqual(new Unauthenticated('STAFF.TOKEN_INVALID', 'Invalid token'));
  });

  it('refuses a token whose member no longer exists', async () => {
    const { sut, issue } = makeSut();
    const token = await issue(42);
    await expect(sut.execute(token)).rejects.toEqual(new Unauthenticated('STAFF.TOKEN_INVALID', 'Invalid token'));
  });

  it('refuses a revoked token', async () => {
    const { sut, sessions, issue } = makeSut();
    const token = await issue();
    await sessions.revokeAllFor(7);
    await expect(sut.execute(token)).rejects.toEqual(new Unauthenticated('STAFF.TOKEN_INVALID', 'Invalid token'));
  });
});

describe('AuthenticateStaff with a pending password change', () => {
  it('refuses the member everywhere but where the change is allowed', async () => {
    const { sut, staff, issue } = makeSut();
    staff.add(makeStaffMember({ id: 7, mustChangePassword: true }));
    const token = await issue();
    await expect(sut.execute(token)).rejects.toEqual(
      new Forbidden('STAFF.PASSWORD_CHANGE_REQUIRED', 'Set a new password before continuing'),
    );
    await expect(sut.execute(token, { allowPendingPasswordChange: true })).resolves.toMatchObject({ id: 7 });
  });
});

describe('AuthenticateStaff with two-factor authentication required for the role', () => {
  it('refuses a member of such a role without it everywhere but enrolment, and admits them once enrolled', async () => {
    const { sut, staff, issue } = makeSut();
    staff.add(makeStaffMember({ id: 7, role: 'platform_owner' }));
    const token = await issue();
    await expect(sut.execute(token)).rejects.toEqual(
      new Forbidden('STAFF.MFA_ENROLMENT_REQUIRED', 'Set up two-factor authentication first'),
    );
    await expect(sut.execute(token, { allowPendingPasswordChange: true })).rejects.toBeInstanceOf(Forbidden);
    await expect(sut.execute(token, { allowPendingMfaEnrollment: true })).resolves.toMatchObject({ id: 7 });
    staff.add(makeStaffMember({ id: 7, role: 'platform_owner', mfaEnabled: true }));
    await expect(sut.execute(token)).resolves.toMatchObject({ id: 7 });
  });

  it('leaves roles that do not require it alone', async () => {
    const { sut, issue } = makeSut();
    await expect(sut.execute(await issue())).resolves.toMatchObject({ id: 7 });
  });

  it('asks for the new password before the enrolment', async () => {
    const { sut, staff, issue } = makeSut();
    staff.add(makeStaffMember({ id: 7, role: 'platform_owner', mustChangePassword: true }));
    const token = await issue();
    await expect(sut.execute(token, { allowPendingMfaEnrollment: true })).rejects.toEqual(
      new Forbidden('STAFF.PASSWORD_CHANGE_REQUIRED', 'Set a new password before continuing'),
    );
  });
});
