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
