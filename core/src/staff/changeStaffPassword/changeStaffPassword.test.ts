import { describe, expect, it } from 'vitest';
import { Invalid } from '../../shared/errors.ts';
import { FakePasswordHasher, InMemoryStaffRepository, makeStaffMember } from '../testing/fakes.ts';
import { ChangeStaffPassword } from './changeStaffPassword.ts';

const makeSut = (mustChangePassword = false) => {
  const member = makeStaffMember({ id: 7, mustChangePassword });
  const staff = new InMemoryStaffRepository().add(member);
  const sut = new ChangeStaffPassword(staff, new FakePasswordHasher());
  return { sut, member, staff };
};

describe('ChangeStaffPassword', () => {
  it('needs the current password, then stores the new hash', async () => {
    const { sut, member, staff } = makeSut();
    const user = await sut.execute(member, { currentPassword: 'correct horse', newPassword: 'battery staple' });
    expect(user.mustChangePassword).toBe(false);
    expect(staff.stored(7)?.passwordHash).toBe('hashed:battery staple');
  });

  it('refuses a wrong current password on the currentPassword field and saves nothing', async () => {
    const { sut, member, staff } = makeSut();
    const attempt = sut.execute(member, { currentPassword: 'guess', newPassword: 'battery staple' });
    await expect(attempt).rejects.toBeInstanceOf(Invalid);
    await expect(attempt).rejects.toMatchObject({ issues: [{ path: ['currentPassword'] }] });
    expect(staff.saves).toBe(0);
  });

  it('asks no current password while a change is pending, and clears the flag', async () => {
    const { sut, member, staff } = makeSut(true);
    await sut.execute(member, { newPassword: 'battery staple' });
    expect(staff.stored(7)).toMatchObject({ passwordHash: 'hashed:battery staple', mustChangePassword: false });
  });
});
