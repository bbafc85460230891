import { describe, expect, it } from 'vitest';
import { Conflict, NotFound } from '../../shared/errors.ts';
import {
  FixedClock,
  InMemoryStaffActivityLog,
  InMemoryStaffRepository,
  MINUTE,
  T0,
  makeStaffMember,
} from '../testing/fakes.ts';
import { ClockOut } from './clockOut.ts';

const makeSut = (clockInTime: Date | null = T0) => {
  const staff = new InMemoryStaffRepository().add(
    makeStaffMember({ id: 7, clockedIn: true, clockInTime, totalHoursWorked: 100 }),
  );
  const clock = new FixedClock();
  const activities = new InMemoryStaffActivityLog(clock);
  const sut = new ClockOut(staff, clock, activities);
  return { sut, staff, clock, activities };
};

describe('ClockOut', () => {
  it('adds the whole minutes worked, rounding down, and returns the updated public user', async () => {
    const { sut, clock } = makeSut();
    clock.advance(95 * MINUTE + 59_999);
    const user = await sut.execute(7);
    expect(user).toMatchObject({
      id: 7,
      clockedIn: false,
      clockInTime: T0,
      clockOutTime: new Date(T0.getTime() + 95 * MINUTE + 59_999),
      totalHoursWorked: 195,
    });
    expect(user).not.toHaveProperty('passwordHash');
  });

  it('saves the clocked-out state and the new total', async () => {
    const { sut, staff, clock } = makeSut();
    clock.advance(30 * MINUTE);
    await sut.execute(7);
    expect(staff.stored(7)).toMatchObject({ clockedIn: false, totalHoursWorked: 130 });
  });

  it('refuses to clock out someone who is not clocked in, leaving the total alone', async () => {
    const { sut, staff, clock } = makeSut();
    clock.advance(30 * MINUTE);
    await sut.execute(7);
    clock.advance(30 * MINUTE);
    await expect(sut.execute(7)).rejects.toEqual(new Conflict('STAFF.NOT_CLOCKED_IN', 'Not clocked in'));
    expect(staff.stored(7)?.totalHoursWorked).toBe(130);
  });

  it('credits nothing for a shift without a start time or starting in the future, but still clocks out', async () => {
    const missing = makeSut(null);
    await expect(missing.sut.execute(7)).resolves.toMatchObject({ clockedIn: false, totalHoursWorked: 100 });
    const future = makeSut(new Date(T0.getTime() + 10 * MINUTE));
    await expect(future.sut.execute(7)).resolves.toMatchObject({ clockedIn: false, totalHoursWorked: 100 });
  });

  it('answers not found for an unknown member', async () => {
    const { sut, staff } = makeSut();
    await expect(sut.execute(42)).rejects.toBeInstanceOf(NotFound);
    expect(staff.saves).toBe(0);
  });
});

describe('ClockOut activity', () => {
  it('records the clock-out in the staff feed', async () => {
    const { sut, activities } = makeSut();
    await sut.execute(7);
    expect(activities.entries).toEqual([
      expect.objectContaining({ staffUserId: 7, type: 'staff.clock_out', description: 'alice clocked out' }),
    ]);
  });
});
