import type { Clock } from '../../shared/clock.ts';
import type { StaffActivityLog } from '../../staff/activityLog.ts';
import type { StaffRole } from '../../staff/roles.ts';
import type { SupportTicket, TicketEvents, TicketRepository } from '../ports.ts';
import type { AvailableAgent, SupportAgents } from './SupportAgents.ts';

export const AUTO_ASSIGN_MODES = ['off', 'round-robin'] as const;
export type AutoAssignMode = (typeof AUTO_ASSIGN_MODES)[number];

/** The roles whose work is answering tickets: they take automatically assigned ones. */
export const SUPPORT_AGENT_ROLES: readonly StaffRole[] = ['customer_support', 'customer_support_director'];

export interface AutoAssignSettings {
  /** SUPPORT_AUTO_ASSIGN. */
  mode: AutoAssignMode;
  /** SUPPORT_MAX_OPEN_PER_AGENT: a member holding this many open tickets gets no more. */
  maxOpenPerAgent: number;
}

/** Fewest open tickets first; on a tie, the one waiting longest since their last assignment (never assigned first). */
function byRoundRobin(a: AvailableAgent, b: AvailableAgent): number {
  return (
    a.openTickets - b.openTickets ||
    (a.lastAssignedAt?.getTime() ?? -Infinity) - (b.lastAssignedAt?.getTime() ?? -Infinity) ||
    a.id - b.id
  );
}

/**
 * Automatic assignment of a new public ticket (issue 39, SUPPORT_AUTO_ASSIGN=round-robin): the clocked-in support
 * member with the fewest open tickets claims it, never one at the cap; with nobody available it stays unassigned for
 * anyone to claim. Clocking out takes nothing away: the count reads the claims as they stand.
 */
export class AutoAssignTicket {
  readonly #agents: SupportAgents;
  readonly #tickets: TicketRepository;
  readonly #activity: StaffActivityLog;
  readonly #events: TicketEvents;
  readonly #clock: Clock;
  readonly #settings: AutoAssignSettings;

  constructor(
    agents: SupportAgents,
    tickets: TicketRepository,
    activity: StaffActivityLog,
    events: TicketEvents,
    clock: Clock,
    settings: AutoAssignSettings,
  ) {
    this.#agents = agents;
    this.#tickets = tickets;
    this.#activity = activity;
    this.#events = events;
    this.#clock = clock;
    this.#settings = settings;
  }

  /** The ticket as assigned, or null when it stays unassigned. */
  async execute(ticket: SupportTicket): Promise<SupportTicket | null> {
    if (this.#settings.mode === 'off') return null;
    const now = this.#clock.now();
    const candidates = (await this.#agents.available(SUPPORT_AGENT_ROLES, now))
      .filter((agent) => agent.openTickets < this.#settings.maxOpenPerAgent)
      .sort(byRoundRobin);
    for (const agent of candidates) {
      // Never a takeover: a ticket someone claimed meanwhile stays theirs.
      const claimed = await this.#tickets.tryClaim(ticket.id, agent.id, now, false);
      if (claimed === null) return null;
      await this.#agents.recordAssignment(agent.id, now);
      await this.#activity.record({
        staffUserId: agent.id,
        type: 'ticket.assigned',
        description: `Ticket #${ticket.id} was assigned to ${agent.username} automatically`,
      });
      await this.#events.publish({ type: 'ticket.updated', ticket: claimed });
      return claimed;
    }
    return null;
  }
}
