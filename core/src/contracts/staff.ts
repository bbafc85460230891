import { z } from 'zod';
import { LIMITS } from './limits.ts';

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
