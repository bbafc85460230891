import { describe, expect, it } from 'vitest';
import { Forbidden, Unauthenticated } from '../../shared/errors.ts';
import {
  FixedClock,
  HOUR,
  InMemoryStaffRepository,
  InMemoryStaffSessions,
  T0,
  makeStaffMember,
} from '../testing/fakes.ts';
import { AuthenticateStaffSession } from './authenticateStaffSession.ts';

const makeSut = () => {
  const staff = new InMemoryStaffRepository().add(makeStaffMember({ id: 7 }));
  const sessions = new InMemoryStaffSessions(staff);
  const sut = new AuthenticateStaffSession(sessions, new FixedClock(), { requiredRoles: [] });
  return { sut, staff, sessions };
};

describe('AuthenticateStaffSession', () => {
  it("answers the member of a live session named by its hash (an event stream's ticket holds only that)", async () => {
    const { sut, sessions } = makeSut();
    await sessions.create(7, 'hash-1', new Date(T0.getTime() + HOUR));
    await expect(sut.execute('hash-1')).resolves.toMatchObject({ id: 7 });
    await expect(sut.execute('hash-2')).rejects.toEqual(new Unauthenticated('STAFF.TOKEN_INVALID', 'Invalid token'));
  });

  it('refuses the session of a member who became inactive, or has a pending step the call does not allow', async () => {
    const { sut, sessions, staff } = makeSut();
    await sessions.create(7, 'hash-1', new Date(T0.getTime() + HOUR));
    staff.add(makeStaffMember({ id: 7, mustChangePassword: true }));
    await expect(sut.execute('hash-1')).rejects.toBeInstanceOf(Forbidden);
    await expect(sut.execute('hash-1', { allowPendingPasswordChange: true })).resolves.toMatchObject({ id: 7 });
    staff.add(makeStaffMember({ id: 7, isActive: false }));
    await expect(sut.execute('hash-1')).rejects.toEqual(new Unauthenticated('STAFF.TOKEN_INVALID', 'Invalid token'));
  });
});
