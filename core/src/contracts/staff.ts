import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { PROMOTION_ROLES, STAFF_ROLES, type StaffRole } from '../staff/roles.ts';
import { HR_ACTION_TYPES } from '../staff/performHrAction/hrActions.ts';

/** Staff login form and POST /api/staff/login body (spec 3 section 5). */
export const staffLoginSchema = z.object({
  email: z
    .string()
    .trim()
    .max(LIMITS.email)
    .pipe(z.email({ message: 'Please enter a valid company email address' })),
  password: z.string().min(LIMITS.minPassword, { message: 'Password must be at least 6 characters' }),
});
export type StaffLoginInput = z.infer<typeof staffLoginSchema>;

const email = z
  .string()
  .trim()
  .max(LIMITS.email)
  .pipe(z.email({ message: 'Please enter a valid email address' }));
const newPassword = z
  .string()
  .min(LIMITS.minPassword, { message: 'Password must be at least 6 characters' })
  .max(LIMITS.maxPassword, { message: `Password must be at most ${LIMITS.maxPassword} characters` });

/** POST /api/staff/create and the Add New User dialog. */
export const createStaffUserSchema = z.object({
  username: z.string().trim().min(1, { message: 'Username is required' }).max(LIMITS.name),
  email,
  password: newPassword,
  role: z.enum(STAFF_ROLES, { message: 'Choose a role' }),
});
export type CreateStaffUserInput = z.infer<typeof createStaffUserSchema>;

/** POST /api/staff/hr-action and the HR dialog; the type-specific fields are checked by the use case. */
export const hrActionSchema = z.object({
  type: z.enum(HR_ACTION_TYPES),
  targetStaffId: z.coerce.number().int().positive({ message: 'Select a staff member' }),
  reason: z.string().trim().min(1, { message: 'Reason is required' }).max(LIMITS.reason),
  newRole: z.enum(PROMOTION_ROLES as [StaffRole, ...StaffRole[]]).optional(),
  suspensionDays: z.coerce
    .number()
    .int({ message: 'Suspension length must be a whole number of days' })
    .min(1, { message: 'Suspension length must be 1 to 365 days' })
    .max(365, { message: 'Suspension length must be 1 to 365 days' })
    .optional(),
});
export type HrActionInput = z.infer<typeof hrActionSchema>;

/** POST /api/staff/change-password. */
export const changePasswordSchema = z.object({
  currentPassword: z.string().max(LIMITS.maxPassword).optional(),
  newPassword,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** POST /api/staff/reset-password. */
export const passwordResetSchema = z.object({ email });
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;

/** GET /api/staff/activities query. */
export const activitiesQuerySchema = z.object({ limit: z.coerce.number().int().positive().optional() });
