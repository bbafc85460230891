import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { LIMITS } from './limits.ts';
import { pagedListQuerySchema } from './paging.ts';
import { idParamsSchema, isoDateTime, noContent } from './wire.ts';
import { PROMOTION_ROLES, STAFF_PERMISSIONS, STAFF_ROLES, type StaffRole } from '../staff/roles.ts';
import { HR_ACTION_TYPES } from '../staff/performHrAction/hrActions.ts';
import { text } from './text.ts';

/** The role policy the staff screens show (the server enforces the same functions); pure, so remotes may bundle it. */
export {
  STAFF_ROLES,
  ROLE_INFO,
  PROMOTION_ROLES,
  canReadSupportTickets,
  canManageUsers,
  canPerformHrActions,
  canPerformHrActionOn,
  canResetPasswords,
  creatableRoles,
  canCreateRole,
  canDelete,
  hrRoleChoices,
  permissionsOf,
  STAFF_PERMISSIONS,
  type StaffPermission,
  type StaffRole,
  type StaffGroup,
  type RoleInfo,
  type StaffPrincipal,
} from '../staff/roles.ts';
export { HR_ACTION_LABELS, HR_ACTION_TYPES, type HrActionType } from '../staff/performHrAction/hrActions.ts';

/** Staff login form and POST /api/staff/login body (spec 3 section 5). */
export const staffLoginSchema = z.object({
  email: text()
    .trim()
    .max(LIMITS.email)
    .pipe(z.email({ message: 'Please enter a valid company email address' })),
  password: text().min(LIMITS.minPassword, { message: 'Password must be at least 6 characters' }),
});
export type StaffLoginInput = z.infer<typeof staffLoginSchema>;

const email = text()
  .trim()
  .max(LIMITS.email)
  .pipe(z.email({ message: 'Please enter a valid email address' }));
const passwordOfAtLeast = (min: number) =>
  text()
    .min(min, { message: `Password must be at least ${min} characters` })
    .max(LIMITS.maxPassword, { message: `Password must be at most ${LIMITS.maxPassword} characters` });
const newPassword = passwordOfAtLeast(LIMITS.minNewPassword);

/** An operator's new account (`npm run staff:create`): the password is the member's own, so the new-password rule. */
export const provisionStaffSchema = z.object({ email, password: newPassword });

/** POST /api/staff/create and the Add New User dialog: an issued password, used once and then replaced. */
export const createStaffUserSchema = z.object({
  username: text().trim().min(1, { message: 'Username is required' }).max(LIMITS.name),
  email,
  password: passwordOfAtLeast(LIMITS.minIssuedPassword),
  role: z.enum(STAFF_ROLES, { message: 'Choose a role' }),
});
export type CreateStaffUserInput = z.infer<typeof createStaffUserSchema>;

/** POST /api/staff/hr-action and the HR dialog; the type-specific fields are checked by the use case. */
export const hrActionSchema = z.object({
  type: z.enum(HR_ACTION_TYPES),
  targetStaffId: z.coerce.number().int().positive({ message: 'Select a staff member' }),
  reason: text().trim().min(1, { message: 'Reason is required' }).max(LIMITS.reason),
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
  currentPassword: text().max(LIMITS.maxPassword).optional(),
  newPassword,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/**
 * The Choose a New Password form after a temporary login: the body above plus the repeated password, which must
 * match and must differ from the temporary one (the server only checks the body).
 */
export const choosePasswordFormSchema = z
  .object({ currentPassword: z.string(), newPassword, confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: 'The passwords do not match',
    path: ['confirmPassword'],
  })
  .refine((form) => form.newPassword !== form.currentPassword, {
    message: 'Choose a password different from the temporary one',
    path: ['newPassword'],
  });

/** POST /api/staff/reset-password. */
export const passwordResetSchema = z.object({ email });
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;

/** GET /api/staff/activities query: the list style of every paged list (docs/api.md). */
export const activitiesQuerySchema = pagedListQuerySchema;

/** A staff member as every staff call answers with it (never the password hash). */
export const staffUserSchema = z.object({
  id: z.number().int(),
  username: text(),
  email: text(),
  role: z.enum(STAFF_ROLES),
  isActive: z.boolean(),
  lastLogin: isoDateTime.nullable(),
  clockedIn: z.boolean(),
  clockInTime: isoDateTime.nullable(),
  clockOutTime: isoDateTime.nullable(),
  /** Despite the name, minutes (spec 3); the UI divides by 60. */
  totalHoursWorked: z.number(),
  createdAt: isoDateTime,
  mustChangePassword: z.boolean(),
  /** End of a suspension; null when not suspended. Inactive with no end date means terminated. */
  suspendedUntil: isoDateTime.nullable(),
  /** Two-factor authentication is on. */
  mfaEnabled: z.boolean(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

/**
 * The signed-in member as their own session sees it (login, validate-token): with `permissions`, what the server will
 * let them do, and whether they must set up two-factor authentication first.
 */
export const signedInStaffUserSchema = staffUserSchema.extend({
  mustEnrollMfa: z.boolean(),
  permissions: z.array(z.enum(STAFF_PERMISSIONS)),
});
export type SignedInStaffUserWire = z.infer<typeof signedInStaffUserSchema>;

export const staffLoginResultSchema = z.object({ token: text(), user: signedInStaffUserSchema });
export type StaffLoginResultWire = z.infer<typeof staffLoginResultSchema>;

/** A right password of a member with two-factor authentication on: the code step comes next, with this token. */
export const staffMfaChallengeSchema = z.object({ mfaRequired: z.literal(true), mfaToken: text() });
export type StaffMfaChallengeWire = z.infer<typeof staffMfaChallengeSchema>;

/** A TOTP code (6 digits) or a recovery code, as typed. */
const mfaCode = text()
  .trim()
  .min(1, { message: 'Enter the code from your authenticator app' })
  .max(LIMITS.mfaCode, { message: 'Enter the code from your authenticator app' });

/** POST /api/staff/login/mfa. */
export const staffMfaLoginSchema = z.object({ mfaToken: text().min(1).max(LIMITS.mfaToken), code: mfaCode });
export type StaffMfaLoginInput = z.infer<typeof staffMfaLoginSchema>;

/** POST /api/staff/mfa/enable and /disable. */
export const mfaCodeSchema = z.object({ code: mfaCode });
export type MfaCodeInput = z.infer<typeof mfaCodeSchema>;

/** POST /api/staff/mfa/reset: the member whose two-factor authentication the owner turns off. */
export const mfaResetSchema = z.object({ staffId: z.coerce.number().int().positive() });
export type MfaResetInput = z.infer<typeof mfaResetSchema>;

export const mfaSetupResultSchema = z.object({ secret: text(), otpauthUrl: text(), qrSvg: text() });
export type MfaSetupResultWire = z.infer<typeof mfaSetupResultSchema>;
export const mfaEnableResultSchema = z.object({ recoveryCodes: z.array(text()) });

export const staffActivitySchema = z.object({
  id: z.number().int(),
  staffUserId: z.number().int().nullable(),
  type: text(),
  description: text(),
  createdAt: isoDateTime,
});
export type StaffActivityWire = z.infer<typeof staffActivitySchema>;

/** POST /api/staff/hr-action: the recorded action and whether its notification mail went out. */
export const hrActionResultSchema = z.object({
  id: z.number().int(),
  actionType: z.enum(HR_ACTION_TYPES),
  targetStaffId: z.number().int(),
  targetStaffEmail: text(),
  targetStaffUsername: text(),
  performedByStaffId: z.number().int(),
  performedByEmail: text(),
  performedByUsername: text(),
  reason: text(),
  newRole: z.enum(STAFF_ROLES).nullable(),
  suspensionDays: z.number().int().nullable(),
  status: text(),
  createdAt: isoDateTime,
  emailSent: z.boolean(),
});
export type HrActionResultWire = z.infer<typeof hrActionResultSchema>;

export const staffSettingsSchema = z.object({ leadershipEmail: text() });
export const passwordResetResultSchema = z.object({ tempPassword: text() });

/** The /api/staff/ calls of spec 2 section 7 (bearer token); who may do what is decided on the server. */
export const staffEndpoints = {
  loginStaff: endpoint({
    method: 'POST',
    path: '/api/staff/login',
    summary: 'Log in with email and password; answers the bearer token, or the code step with two-factor on',
    auth: 'public',
    body: staffLoginSchema,
    response: z.union([staffLoginResultSchema, staffMfaChallengeSchema]),
  }),
  completeStaffMfaLogin: endpoint({
    method: 'POST',
    path: '/api/staff/login/mfa',
    summary: 'The code step of a sign-in: a TOTP or recovery code with the mfaToken; answers the bearer token',
    auth: 'public',
    body: staffMfaLoginSchema,
    response: staffLoginResultSchema,
  }),
  setUpStaffMfa: endpoint({
    method: 'POST',
    path: '/api/staff/mfa/setup',
    summary: 'A new two-factor secret for the caller, with its QR code; kept pending until enabled',
    auth: { staffPending: ['mfa'] },
    response: mfaSetupResultSchema,
  }),
  enableStaffMfa: endpoint({
    method: 'POST',
    path: '/api/staff/mfa/enable',
    summary: 'Confirm the pending secret with a code; answers the recovery codes, shown once',
    auth: { staffPending: ['mfa'] },
    body: mfaCodeSchema,
    response: mfaEnableResultSchema,
  }),
  disableStaffMfa: endpoint({
    method: 'POST',
    path: '/api/staff/mfa/disable',
    summary: "Turn off one's two-factor authentication with a current code or a recovery code",
    auth: 'staff',
    body: mfaCodeSchema,
    response: noContent,
    successStatus: 204,
  }),
  resetStaffMfa: endpoint({
    method: 'POST',
    path: '/api/staff/mfa/reset',
    summary: "The owner turns off a member's two-factor authentication (ends the member's sessions)",
    auth: 'staff',
    body: mfaResetSchema,
    response: noContent,
    successStatus: 204,
  }),
  validateToken: endpoint({
    method: 'POST',
    path: '/api/staff/validate-token',
    summary: 'The member the bearer token belongs to, with their permissions',
    auth: { staffPending: ['password', 'mfa'] },
    response: signedInStaffUserSchema,
  }),
  logoutStaff: endpoint({
    method: 'POST',
    path: '/api/staff/logout',
    summary: 'Revoke the bearer token',
    auth: { staffPending: ['password', 'mfa'] },
    response: noContent,
    successStatus: 204,
  }),
  changeStaffPassword: endpoint({
    method: 'POST',
    path: '/api/staff/change-password',
    summary: "Change one's own password",
    auth: { staffPending: ['password'] },
    body: changePasswordSchema,
    response: signedInStaffUserSchema,
  }),
  getSettings: endpoint({
    method: 'GET',
    path: '/api/staff/settings',
    summary: 'The mailbox every HR action is reported to',
    auth: 'staff',
    response: staffSettingsSchema,
  }),
  clockIn: endpoint({
    method: 'POST',
    path: '/api/staff/clock-in',
    summary: 'Start a shift',
    auth: 'staff',
    response: staffUserSchema,
  }),
  clockOut: endpoint({
    method: 'POST',
    path: '/api/staff/clock-out',
    summary: 'End a shift',
    auth: 'staff',
    response: staffUserSchema,
  }),
  listStaff: endpoint({
    method: 'GET',
    path: '/api/staff/all',
    summary: 'Every staff member',
    auth: 'staff',
    response: z.array(staffUserSchema),
  }),
  listStaffActivities: endpoint({
    method: 'GET',
    path: '/api/staff/activities',
    summary: 'Staff activities, newest first, a page at a time',
    auth: 'staff',
    query: activitiesQuerySchema,
    response: z.array(staffActivitySchema),
    paged: true,
  }),
  createStaffUser: endpoint({
    method: 'POST',
    path: '/api/staff/create',
    summary: 'Create a staff account',
    auth: { staff: 'users.manage' },
    body: createStaffUserSchema,
    response: staffUserSchema,
    successStatus: 201,
  }),
  performHrAction: endpoint({
    method: 'POST',
    path: '/api/staff/hr-action',
    summary: 'Terminate, suspend, demote, promote or write up a member; leadership is mailed',
    auth: { staff: 'hr.actions' },
    body: hrActionSchema,
    response: hrActionResultSchema,
  }),
  resetStaffPassword: endpoint({
    method: 'POST',
    path: '/api/staff/reset-password',
    summary: "Issue a temporary password to a member (ends the member's sessions)",
    auth: { staff: 'passwords.reset' },
    body: passwordResetSchema,
    response: passwordResetResultSchema,
  }),
  deleteStaffUser: endpoint({
    method: 'DELETE',
    path: '/api/staff/:id',
    summary: 'Delete a staff account',
    auth: 'staff',
    params: idParamsSchema,
    response: noContent,
    successStatus: 204,
  }),
} as const;
