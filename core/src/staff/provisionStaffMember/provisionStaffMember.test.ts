import { describe, expect, it } from 'vitest';
import { Conflict } from '../../shared/errors.ts';
import { FakePasswordHasher, InMemoryStaffRepository, makeStaffMember } from '../testing/fakes.ts';
import { ProvisionStaffMember } from './provisionStaffMember.ts';

describe('ProvisionStaffMember', () => {
  it('creates any role with the operator’s own (not issued) password', async () => {
    const staff = new InMemoryStaffRepository();
    const member = await new ProvisionStaffMember(staff, new FakePasswordHasher()).execute({
      email: 'hal@groupflow.test',
      password: 'long secret',
      role: 'head_platform',
      username: ' hal ',
    });
    expect(member).toMatchObject({
      username: 'hal',
      role: 'head_platform',
      mustChangePassword: false,
      passwordHash: 'hashed:long secret',
    });
  });

  it('refuses a taken email', async () => {
    const staff = new InMemoryStaffRepository().add(makeStaffMember({ email: 'alice@groupflow.test' }));
    const sut = new ProvisionStaffMember(staff, new FakePasswordHasher());
    await expect(
      sut.execute({ email: 'ALICE@groupflow.test', password: 'x', role: 'customer_support' }),
    ).rejects.toBeInstanceOf(Conflict);
  });
});
