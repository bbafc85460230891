import { describe, expect, it } from 'vitest';
import type { SupportTicket } from './ports.ts';
import { completePolicies, DEFAULT_SLA_POLICIES, ticketSla } from './sla.ts';

const HOUR = 3_600_000;
const FILED = new Date('2026-01-01T08:00:00.000Z');
const POLICY = [{ priority: 'high' as const, firstResponseMinutes: 60, resolutionHours: 4 }];
const ticket = (overrides: Partial<SupportTicket> = {}) =>
  ({
    priority: 'high',
    status: 'open',
    createdAt: FILED,
    updatedAt: FILED,
    firstResponseAt: null,
    slaBreachedAt: null,
    ...overrides,
  }) as SupportTicket;
const at = (hours: number) => new Date(FILED.getTime() + hours * HOUR);

describe('ticketSla', () => {
  it('runs both clocks from filing, and breaches when either runs out', () => {
    expect(ticketSla(ticket(), POLICY, at(0.5))).toEqual({
      firstResponseDueAt: at(1),
      resolutionDueAt: at(4),
      breached: false,
    });
    expect(ticketSla(ticket(), POLICY, at(1.5)).breached).toBe(true);
  });

  it('stops the first-response clock at the first reply, and the resolution clock at resolution', () => {
    const answered = ticket({ firstResponseAt: at(0.5) });
    expect(ticketSla(answered, POLICY, at(3))).toEqual({
      firstResponseDueAt: null,
      resolutionDueAt: at(4),
      breached: false,
    });
    expect(ticketSla(answered, POLICY, at(5)).breached).toBe(true);
    const resolved = ticket({ firstResponseAt: at(0.5), status: 'resolved', updatedAt: at(2) });
    expect(ticketSla(resolved, POLICY, at(100))).toEqual({
      firstResponseDueAt: null,
      resolutionDueAt: null,
      breached: false,
    });
    expect(ticketSla(ticket({ firstResponseAt: at(2) }), POLICY, at(3)).breached).toBe(true);
  });

  it('stays breached once flagged, and uses the default policy of a priority the desk did not set', () => {
    expect(ticketSla(ticket({ slaBreachedAt: at(2), firstResponseAt: at(0.1) }), POLICY, at(0.2)).breached).toBe(true);
    const low = DEFAULT_SLA_POLICIES.find((p) => p.priority === 'low')!;
    expect(ticketSla(ticket({ priority: 'low' }), POLICY, at(0)).firstResponseDueAt).toEqual(
      new Date(FILED.getTime() + low.firstResponseMinutes * 60_000),
    );
    expect(completePolicies(POLICY).map((p) => p.priority)).toEqual(['low', 'medium', 'high', 'urgent']);
  });
});
