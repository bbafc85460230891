import { describe, expect, it } from 'vitest';
import { Conflict, NotFound } from '../../shared/errors.ts';
import {
  FixedClock,
  InMemoryStaffActivityLog,
  InMemoryStaffRepository,
  T0,
  makeStaffMember,
} from '../testing/fakes.ts';
import { ClockIn } from './clockIn.ts';

const makeSut = () => {
  const staff = new InMemoryStaffRepository().add(makeStaffMember({ id: 7, totalHoursWorked: 90 }));
  const clock = new FixedClock();
  const activities = new InMemoryStaffActivityLog(clock);
  const sut = new ClockIn(staff, clock, activities);
  return { sut, staff, clock, activities };
};

describe('ClockIn', () => {
  it('clocks the member in now and returns the updated public user', async () => {
    const { sut } = makeSut();
    const user = await sut.execute(7);
    expect(user).toMatchObject({ id: 7, clockedIn: true, clockInTime: T0, totalHoursWorked: 90 });
    expect(user).not.toHaveProperty('passwordHash');
  });

  it('saves the clocked-in state', async () => {
    const { sut, staff } = makeSut();
    await sut.execute(7);
    expect(staff.stored(7)).toMatchObject({ clockedIn: true, clockInTime: T0 });
  });

  it('refuses a second clock-in with a conflict and keeps the original start time', async () => {
    const { sut, staff, clock } = makeSut();
    await sut.execute(7);
    clock.advance(30 * 60_000);
    await expect(sut.execute(7)).rejects.toEqual(new Conflict('STAFF.ALREADY_CLOCKED_IN', 'Already clocked in'));
    expect(staff.stored(7)?.clockInTime).toEqual(T0);
  });

  it('answers not found for an unknown member', async () => {
    const { sut, staff } = makeSut();
    await expect(sut.execute(42)).rejects.toBeInstanceOf(NotFound);
    expect(staff.saves).toBe(0);
  });
});

describe('ClockIn activity', () => {
  it('records the clock-in in the staff feed, and nothing when refused', async () => {
    const { sut, activities } = makeSut();
    await sut.execute(7);
    await expect(sut.execute(7)).rejects.toBeInstanceOf(Conflict);
    expect(activities.entries).toEqual([
      expect.objectContaining({ staffUserId: 7, type: 'staff.clock_in', description: 'alice clocked in' }),
    ]);
  });
});
