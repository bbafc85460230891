// Plain values, apart from the schemas: the landing page draws its ticket form with them before zod is loaded.
export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

/** Labels of the landing page's ticket form (spec 1 section 9). */
export const TICKET_PRIORITY_LABELS: Record<TicketPriority, string> = {
  low: 'Low - General questions',
  medium: 'Medium - Account issues',
  high: 'High - Service interruption',
  urgent: 'Urgent - Critical bug',
};
