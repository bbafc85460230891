import { z } from 'zod';
import { LIMITS } from './limits.ts';

/** PUT /api/user/profile: the only fields a customer may change; anything else in the body is ignored. */
export const updateProfileSchema = z.object({
  username: z.string().trim().min(1, { message: 'Required' }).max(LIMITS.name).optional(),
  email: z
    .string()
    .trim()
    .max(LIMITS.email)
    .pipe(z.email({ message: 'Please enter a valid email address' }))
    .nullable()
    .optional(),
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/** Where a failed sign-in lands, as `?error=` (spec 1 section 8, "Login error query"). */
export const LOGIN_ERROR_CODES = [
  'oauth_error',
  'invalid_state',
  'token_exchange_failed',
  'user_info_failed',
  'server_error',
] as const;
export type LoginErrorCode = (typeof LOGIN_ERROR_CODES)[number];

/** The "Login Failed" toast texts of spec 1 section 8. */
export function loginErrorMessage(code: string): string {
  switch (code) {
    case 'oauth_error':
      return 'OAuth authentication error occurred.';
    case 'invalid_state':
      return 'Security validation failed. Please try logging in again.';
    case 'token_exchange_failed':
      return 'Failed to exchange authorization code. Please try again.';
    case 'user_info_failed':
      return 'Failed to retrieve user information from Roblox.';
    case 'server_error':
      return 'Server error occurred during authentication.';
    default:
      return 'Authentication failed. Please try again.';
  }
}
