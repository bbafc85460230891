import { z } from 'zod';
import { LIMITS } from './limits.ts';

export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

/** Labels of the landing page's ticket form (spec 1 section 9). */
export const TICKET_PRIORITY_LABELS: Record<TicketPriority, string> = {
  low: 'Low - General questions',
  medium: 'Medium - Account issues',
  high: 'High - Service interruption',
  urgent: 'Urgent - Critical bug',
};

const required = (max: number) => z.string().trim().min(1, { message: 'Required' }).max(max);

/** POST /api/support/create-public body: the landing page's "Need Help?" form. */
export const publicTicketSchema = z.object({
  name: required(LIMITS.name),
  email: z.string().trim().max(LIMITS.email).pipe(z.email({ message: 'Please enter a valid email address' })),
  subject: required(LIMITS.title),
  message: z.string().trim().min(1, { message: 'Required' }).max(10_000),
  priority: z.enum(TICKET_PRIORITIES).default('medium'),
});
export type PublicTicketInput = z.infer<typeof publicTicketSchema>;

export interface PublicTicketCreated {
  id: number;
  chatUrl: string;
}

/** POST /api/support/tickets body: the staff login page's password-reset request (spec 2 section 7). */
export const passwordResetTicketSchema = z.object({
  title: required(LIMITS.title),
  description: z.string().trim().min(1, { message: 'Required' }).max(10_000),
  category: z.literal('password_reset'),
  priority: z.enum(TICKET_PRIORITIES).default('medium'),
  userEmail: z.string().trim().max(LIMITS.email).pipe(z.email({ message: 'Please enter a valid email address' })),
  userName: required(LIMITS.name),
});
export type PasswordResetTicketInput = z.infer<typeof passwordResetTicketSchema>;

/** Spec 2 section 5; `resolved` is accepted because the search filter and live chat know it. */
export const TICKET_STATUS_VALUES = ['open', 'in_progress', 'waiting_response', 'closed', 'resolved'] as const;

export const ticketStatusSchema = z.object({ status: z.enum(TICKET_STATUS_VALUES) });

export const ticketMessageSchema = z.object({
  message: z.string().trim().min(1, { message: 'Required' }).max(10_000),
});

export const ticketListQuerySchema = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});

/** The customer's chat page proves access with the key from its chatUrl. */
export const ticketAccessQuerySchema = z.object({ key: z.string().min(1).max(200) });

/** The staff remotes admit /support-tickets by the same rule the server enforces for status and delete. */
export { canViewSupportTickets, isStaffRole } from '../staff/roles.ts';

export const TEST_EMAIL_TYPES = ['writeup', 'termination'] as const;

/** POST /api/test-email body (spec 1 sections 7 and 8). */
export const testEmailSchema = z.object({
  emailAddress: z
    .string()
    .trim()
    .min(1, { message: 'Please enter an email address' })
    .max(LIMITS.email)
    .pipe(z.email({ message: 'Please enter a valid email address' })),
  type: z.enum(TEST_EMAIL_TYPES).default('writeup'),
});
export type TestEmailInput = z.infer<typeof testEmailSchema>;
