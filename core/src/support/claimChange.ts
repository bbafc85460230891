import type { Clock } from '../shared/clock.ts';
import type { DomainError } from '../shared/errors.ts';
import type { StaffActivityLog } from '../staff/activityLog.ts';
import { requireTicket, requireTicketReader } from './access.ts';
import type { SupportTicket, TicketActor, TicketEvents, TicketRepository } from './ports.ts';

export interface ClaimChangePorts {
  tickets: TicketRepository;
  activity: StaffActivityLog;
  events: TicketEvents;
  clock: Clock;
}

/**
 * What claiming and releasing a ticket share: the ticket must exist; the repository's one conditional write decides
 * (never a read-then-write here, so two simultaneous changes cannot both see the ticket as they expect); a refused
 * write throws the caller's refusal; a change is logged for the actor and pushed to open screens.
 */
export async function changeClaim(
  ports: ClaimChangePorts,
  actor: TicketActor,
  ticketId: number,
  change: {
    verb: 'claimed' | 'released';
    write: (at: Date) => Promise<SupportTicket | null>;
    refusal: () => DomainError;
  },
): Promise<SupportTicket> {
  requireTicketReader(actor);
  await requireTicket(ports.tickets, ticketId);
  const changed = await change.write(ports.clock.now());
  if (changed === null) throw change.refusal();
  await ports.activity.record({
    staffUserId: actor.id,
    type: `ticket.${change.verb}`,
    description: `${actor.username} ${change.verb} ticket #${ticketId}`,
  });
  await ports.events.publish({ type: 'ticket.updated', ticket: changed });
  return changed;
}
