// Plain values, apart from the schemas: the landing page draws its ticket form with them before zod is loaded.
import { TICKET_PRIORITIES, type TicketPriority } from '../support/ports.ts';

export { TICKET_PRIORITIES, type TicketPriority };

/** Labels of the landing page's ticket form (spec 1 section 9). */
export const TICKET_PRIORITY_LABELS: Record<TicketPriority, string> = {
  low: 'Low - General questions',
  medium: 'Medium - Account issues',
  high: 'High - Service interruption',
  urgent: 'Urgent - Critical bug',
};
