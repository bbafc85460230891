import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  createStaffUserSchema,
  hrActionSchema,
  passwordResetSchema,
  staffLoginSchema,
} from './staff.ts';

const valid = { type: 'writeup', targetStaffId: 2, reason: 'Late again' } as const;

describe('hrActionSchema', () => {
  it('accepts a write-up with a trimmed reason', () => {
    expect(hrActionSchema.parse({ ...valid, reason: '  Late  ' }).reason).toBe('Late');
  });

  it('requires a non-blank reason of at most 2000 characters', () => {
    expect(hrActionSchema.safeParse({ ...valid, reason: '   ' }).success).toBe(false);
    expect(hrActionSchema.safeParse({ ...valid, reason: 'x'.repeat(2001) }).success).toBe(false);
  });

  it('requires a positive integer target', () => {
    expect(hrActionSchema.safeParse({ ...valid, targetStaffId: 0 }).success).toBe(false);
    expect(hrActionSchema.safeParse({ ...valid, targetStaffId: 1.5 }).success).toBe(false);
  });

  it('bounds suspension days to 1..365 and new roles to the promotion roles', () => {
    expect(hrActionSchema.safeParse({ ...valid, type: 'suspension', suspensionDays: 0 }).success).toBe(false);
    expect(hrActionSchema.safeParse({ ...valid, type: 'suspension', suspensionDays: 366 }).success).toBe(false);
    expect(hrActionSchema.safeParse({ ...valid, type: 'suspension', suspensionDays: 365 }).success).toBe(true);
    expect(hrActionSchema.safeParse({ ...valid, type: 'demotion', newRole: 'platform_owner' }).success).toBe(false);
    expect(hrActionSchema.safeParse({ ...valid, type: 'demotion', newRole: 'marketing_director' }).success).toBe(true);
  });

  it('rejects unknown action types', () => {
    expect(hrActionSchema.safeParse({ ...valid, type: 'firing' }).success).toBe(false);
  });
});

describe('createStaffUserSchema', () => {
  const user = { username: ' ana ', email: 'ana@example.com', password: 'k7Qm2vXp9sLw4nRt', role: 'customer_support' };

  it('accepts a valid user and trims the username', () => {
    expect(createStaffUserSchema.parse(user).username).toBe('ana');
  });

  it('rejects short passwords, bad emails, blank names and unknown roles', () => {
    expect(createStaffUserSchema.safeParse({ ...user, password: '12345' }).success).toBe(false);
    // An issued password is used once and must be random enough: at least 16 characters.
    expect(createStaffUserSchema.safeParse({ ...user, password: 'x'.repeat(15) }).success).toBe(false);
    expect(createStaffUserSchema.safeParse({ ...user, password: 'x'.repeat(201) }).success).toBe(false);
    expect(createStaffUserSchema.safeParse({ ...user, email: 'nope' }).success).toBe(false);
    expect(createStaffUserSchema.safeParse({ ...user, username: '  ' }).success).toBe(false);
    expect(createStaffUserSchema.safeParse({ ...user, role: 'human_resources' }).success).toBe(false);
  });
});

describe('changePasswordSchema and passwordResetSchema', () => {
  it('needs a new password of at least 8 characters', () => {
    expect(changePasswordSchema.safeParse({ currentPassword: 'temp', newPassword: '1234567' }).error?.issues).toEqual([
      expect.objectContaining({ message: 'Password must be at least 8 characters' }),
    ]);
    expect(changePasswordSchema.safeParse({ currentPassword: 'temp', newPassword: '12345678' }).success).toBe(true);
  });

  it('still signs in with a password set under the old 6 character rule', () => {
    expect(staffLoginSchema.safeParse({ email: 'a@b.co', password: '123456' }).success).toBe(true);
  });

  it('needs a valid email for a reset', () => {
    expect(passwordResetSchema.safeParse({ email: 'x' }).success).toBe(false);
    expect(passwordResetSchema.parse({ email: ' a@b.co ' }).email).toBe('a@b.co');
  });
});
