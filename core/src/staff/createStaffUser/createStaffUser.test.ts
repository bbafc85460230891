import { describe, expect, it } from 'vitest';
import { Conflict, Forbidden } from '../../shared/errors.ts';
import {
  FakePasswordHasher,
  InMemoryStaffActivityLog,
  InMemoryStaffRepository,
  makeStaffMember,
} from '../testing/fakes.ts';
import type { StaffRole } from '../roles.ts';
import { CreateStaffUser, type CreateStaffUserRequest } from './createStaffUser.ts';

const makeSut = (actorRole: StaffRole = 'platform_owner') => {
  const actor = makeStaffMember({ id: 1, username: 'olive', email: 'olive@groupflow.test', role: actorRole });
  const staff = new InMemoryStaffRepository().add(actor);
  const activities = new InMemoryStaffActivityLog();
  const sut = new CreateStaffUser(staff, new FakePasswordHasher(), activities);
  const create = (request: Partial<CreateStaffUserRequest> = {}) =>
    sut.execute(actor, {
      username: 'sam',
      email: 'Sam@GroupFlow.test ',
      password: 'secret12',
      role: 'customer_support',
      ...request,
    });
  return { create, staff, activities };
};

describe('CreateStaffUser', () => {
  it('creates the member with a hashed, issued password and a normalised email', async () => {
    const { create, staff } = makeSut();
    const user = await create();
    expect(user).toMatchObject({
      username: 'sam',
      email: 'sam@groupflow.test',
      role: 'customer_support',
      mustChangePassword: true,
    });
    expect(user).not.toHaveProperty('passwordHash');
    expect(staff.stored(user.id)?.passwordHash).toBe('hashed:secret12');
  });

  it('records who created whom', async () => {
    const { create, activities } = makeSut();
    await create();
    expect(activities.entries).toEqual([
      expect.objectContaining({
        staffUserId: 1,
        type: 'staff.created',
        description: 'olive created the account sam (Customer Support)',
      }),
    ]);
  });

  it.each(['head_internal_operations', 'director_legal_affairs_safety', 'head_platform'] as const)(
    'lets only the platform owner create %s',
    async (role) => {
      await expect(makeSut('platform_owner').create({ role })).resolves.toMatchObject({ role });
      const other = makeSut('head_internal_operations');
      await expect(other.create({ role })).rejects.toBeInstanceOf(Forbidden);
      expect(await other.staff.count()).toBe(1);
    },
  );

  it.each([
    ['human_resources_director', 'customer_support_director'],
    ['human_resources_director', 'marketing_director'],
  ] as const)('refuses %s creating %s, ranked above the creator (issue 14)', async (actor, role) => {
    const { create, staff } = makeSut(actor);
    await expect(create({ role })).rejects.toBeInstanceOf(Forbidden);
    expect(await staff.count()).toBe(1);
  });

  it.each(['customer_support_director', 'human_resources_director'] as const)(
    'lets a %s create a peer of its own role (spec 2 section 6, issue 26)',
    async (role) => {
      await expect(makeSut(role).create({ role })).resolves.toMatchObject({ role });
    },
  );

  it('lets a customer_support_director create the human_resources_director ranked below it', async () => {
    await expect(
      makeSut('customer_support_director').create({ role: 'human_resources_director' }),
    ).resolves.toMatchObject({
      role: 'human_resources_director',
    });
  });

  it('lets nobody create a platform_owner', async () => {
    await expect(makeSut('platform_owner').create({ role: 'platform_owner' })).rejects.toBeInstanceOf(Forbidden);
  });

  it.each(['head_platform', 'director_legal_affairs_safety', 'marketing_director', 'customer_support'] as const)(
    'refuses %s, who may not manage users, and creates nothing',
    async (role) => {
      const { create, staff } = makeSut(role);
      await expect(create()).rejects.toBeInstanceOf(Forbidden);
      expect(await staff.count()).toBe(1);
    },
  );

  it('refuses a taken email in any case, and a taken username', async () => {
    const { create, staff } = makeSut();
    await create();
    await expect(create({ username: 'other', email: 'SAM@groupflow.test' })).rejects.toEqual(
      new Conflict('STAFF.EMAIL_TAKEN', 'A staff member with this email already exists'),
    );
    await expect(create({ username: 'SAM', email: 'new@groupflow.test' })).rejects.toEqual(
      new Conflict('STAFF.USERNAME_TAKEN', 'A staff member with this username already exists'),
    );
    expect(await staff.count()).toBe(2);
  });
});
