import { TICKET_PRIORITIES, type SlaPolicy, type SupportTicket } from './ports.ts';

/** Where the desk's SLA policies are kept; an empty list while none was ever saved. */
export interface SlaPolicies {
  read(): Promise<SlaPolicy[]>;
  replace(policies: SlaPolicy[]): Promise<void>;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** Until the desk sets its own: common help-desk targets, tighter as the priority rises. */
export const DEFAULT_SLA_POLICIES: readonly SlaPolicy[] = [
  { priority: 'low', firstResponseMinutes: 24 * 60, resolutionHours: 72 },
  { priority: 'medium', firstResponseMinutes: 8 * 60, resolutionHours: 48 },
  { priority: 'high', firstResponseMinutes: 2 * 60, resolutionHours: 24 },
  { priority: 'urgent', firstResponseMinutes: 30, resolutionHours: 8 },
];

/** One policy per priority, in the priorities' order: the stored one, else the default. */
export function completePolicies(stored: readonly SlaPolicy[]): SlaPolicy[] {
  return TICKET_PRIORITIES.map(
    (priority) =>
      stored.find((policy) => policy.priority === priority) ??
      DEFAULT_SLA_POLICIES.find((policy) => policy.priority === priority)!,
  );
}

/** A ticket's clocks: a due time is null once its clock stopped (first reply given; ticket resolved or closed). */
export interface TicketSla {
  firstResponseDueAt: Date | null;
  resolutionDueAt: Date | null;
  /** Either clock ran out (or it was flagged once already). */
  breached: boolean;
}

export type TicketWithSla = SupportTicket & { sla: TicketSla };

/** Resolved and closed tickets stop the resolution clock at their last change (there is no resolvedAt). */
const DONE: ReadonlySet<SupportTicket['status']> = new Set(['resolved', 'closed']);

export function ticketSla(ticket: SupportTicket, policies: readonly SlaPolicy[], now: Date): TicketSla {
  const policy = completePolicies(policies).find((p) => p.priority === ticket.priority)!;
  const created = ticket.createdAt.getTime();
  const firstResponseDue = created + policy.firstResponseMinutes * MINUTE_MS;
  const resolutionDue = created + policy.resolutionHours * HOUR_MS;
  const responded = ticket.firstResponseAt?.getTime() ?? null;
  const done = DONE.has(ticket.status) ? ticket.updatedAt.getTime() : null;
  const breached =
    ticket.slaBreachedAt !== null ||
    (responded ?? now.getTime()) > firstResponseDue ||
    (done ?? now.getTime()) > resolutionDue;
  return {
    firstResponseDueAt: responded === null ? new Date(firstResponseDue) : null,
    resolutionDueAt: done === null ? new Date(resolutionDue) : null,
    breached,
  };
}

export const withSla = (ticket: SupportTicket, policies: readonly SlaPolicy[], now: Date): TicketWithSla => ({
  ...ticket,
  sla: ticketSla(ticket, policies, now),
});
