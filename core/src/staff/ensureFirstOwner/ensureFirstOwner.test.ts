import { describe, expect, it } from 'vitest';
import { FakePasswordHasher, InMemoryStaffRepository, makeStaffMember } from '../testing/fakes.ts';
import { ProvisionStaffMember } from '../provisionStaffMember/provisionStaffMember.ts';
import { EnsureFirstOwner } from './ensureFirstOwner.ts';

const makeSut = (staff = new InMemoryStaffRepository()) => ({
  staff,
  sut: new EnsureFirstOwner(staff, new ProvisionStaffMember(staff, new FakePasswordHasher())),
});

describe('EnsureFirstOwner', () => {
  it('creates a platform owner named after the email while there are no staff', async () => {
    const { sut, staff } = makeSut();
    const owner = await sut.execute({ email: 'Olive@GroupFlow.test', password: 'long secret' });
    expect(owner).toMatchObject({
      username: 'olive',
      email: 'olive@groupflow.test',
      role: 'platform_owner',
      mustChangePassword: false,
    });
    expect(await staff.count()).toBe(1);
  });

  it('does nothing once any staff member exists', async () => {
    const { sut, staff } = makeSut(new InMemoryStaffRepository().add(makeStaffMember()));
    expect(await sut.execute({ email: 'olive@groupflow.test', password: 'long secret' })).toBeNull();
    expect(await staff.count()).toBe(1);
  });
});
