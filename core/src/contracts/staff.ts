import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { PROMOTION_ROLES, STAFF_ROLES } from '../staff/roles.ts';

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

/** POST /api/staff/change-password body and the "choose a new password" form after a temporary one. */
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, { message: 'Required' }).max(LIMITS.maxPassword),
  newPassword: z
    .string()
    .min(LIMITS.minPassword, { message: 'Password must be at least 6 characters' })
    .max(LIMITS.maxPassword),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** POST /api/staff/create body: Manage Users' "Add User" dialog. Which roles an actor may create is the server's check. */
export const createStaffUserSchema = z.object({
  username: z.string().trim().min(1, { message: 'Required' }).max(LIMITS.name),
  email: z.string().trim().max(LIMITS.email).pipe(z.email({ message: 'Please enter a valid email address' })),
  password: z
    .string()
    .min(LIMITS.minPassword, { message: 'Password must be at least 6 characters' })
    .max(LIMITS.maxPassword),
  role: z.enum(STAFF_ROLES, { message: 'Please select a role' }),
});
export type CreateStaffUserInput = z.infer<typeof createStaffUserSchema>;

export const HR_ACTION_TYPES = ['termination', 'suspension', 'demotion', 'promotion', 'writeup'] as const;
export type HrActionType = (typeof HR_ACTION_TYPES)[number];

/** POST /api/staff/hr-action body: the dashboard's HR dialog. */
export const hrActionSchema = z
  .object({
    type: z.enum(HR_ACTION_TYPES),
    targetStaffId: z.number().int().positive({ message: 'Please select a staff member' }),
    reason: z.string().trim().min(1, { message: 'Please provide a reason' }).max(LIMITS.hrReason),
    newRole: z
      .enum(STAFF_ROLES)
      .refine((role) => PROMOTION_ROLES.includes(role), { message: 'Please select a new role' })
      .optional(),
    suspensionDays: z.number().int().min(1).max(LIMITS.maxSuspensionDays).optional(),
  })
  .superRefine((action, ctx) => {
    if ((action.type === 'promotion' || action.type === 'demotion') && !action.newRole) {
      ctx.addIssue({ code: 'custom', path: ['newRole'], message: 'Please select a new role' });
    }
    if (action.type === 'suspension' && action.suspensionDays === undefined) {
      ctx.addIssue({ code: 'custom', path: ['suspensionDays'], message: 'Please enter the suspension length in days' });
    }
  });
export type HrActionInput = z.infer<typeof hrActionSchema>;

/** POST /api/staff/reset-password body (platform owner only). */
export const passwordResetSchema = z.object({
  email: z.string().trim().max(LIMITS.email).pipe(z.email({ message: 'Please enter a valid email address' })),
});
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;
