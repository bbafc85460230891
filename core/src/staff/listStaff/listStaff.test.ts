import { describe, expect, it } from 'vitest';
import { InMemoryStaffRepository, makeStaffMember } from '../testing/fakes.ts';
import { ListStaff } from './listStaff.ts';

describe('ListStaff', () => {
  it('lists by rank, then by name, without password hashes', async () => {
    const staff = new InMemoryStaffRepository()
      .add(makeStaffMember({ id: 1, username: 'zed', email: 'z@x.test', role: 'customer_support' }))
      .add(makeStaffMember({ id: 2, username: 'amy', email: 'a@x.test', role: 'customer_support' }))
      .add(makeStaffMember({ id: 3, username: 'olive', email: 'o@x.test', role: 'platform_owner' }))
      .add(makeStaffMember({ id: 4, username: 'hal', email: 'h@x.test', role: 'head_platform' }));
    const list = await new ListStaff(staff).execute();
    expect(list.map((m) => m.username)).toEqual(['olive', 'hal', 'amy', 'zed']);
    expect(list.some((m) => 'passwordHash' in m)).toBe(false);
  });
});
