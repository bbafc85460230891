import { Forbidden, NotFound } from '../shared/errors.ts';
import type { TokenGenerator } from '../staff/ports.ts';
import { requirePermission } from '../staff/requirePermission.ts';
import { canViewSupportTickets, type StaffRole } from '../staff/roles.ts';
import type { SupportTicket, TicketActor, TicketRepository } from './ports.ts';

export async function requireTicket(tickets: TicketRepository, id: number): Promise<SupportTicket> {
  const ticket = await tickets.findById(id);
  if (ticket === null) throw new NotFound('SUPPORT.TICKET_NOT_FOUND', 'Ticket not found');
  return ticket;
}

/**
 * The customer's chat page holds no account, only the key of its chatUrl. A wrong key and an unknown ticket
 * give the same answer, so the key check cannot be used to discover which ticket ids exist.
 */
export async function requireCustomerAccess(
  tickets: TicketRepository,
  keys: TokenGenerator,
  id: number,
  key: string,
): Promise<SupportTicket> {
  const stored = await tickets.accessKeyHashOf(id);
  const ticket = stored !== null && stored === keys.hash(key) ? await tickets.findById(id) : null;
  if (ticket === null) throw new NotFound('SUPPORT.TICKET_NOT_FOUND', 'Ticket not found');
  return ticket;
}

/**
 * Reading or working a ticket (list, thread, recordings, claims, replies, the staff event stream) is support's and
 * legal's work (issue 33). The route guard asks the same permission; this keeps the use cases safe on their own.
 */
export function requireTicketReader(actor: { role: StaffRole }): void {
  requirePermission(actor, 'tickets.read');
}

/** Deleting and changing status are ticket-management acts, kept to the roles admitted to /support-tickets. */
export function requireTicketManager(actor: TicketActor, action: string): void {
  if (!canViewSupportTickets(actor.role))
    throw new Forbidden('SUPPORT.MANAGE_FORBIDDEN', `You don't have permission to ${action}`);
}

/** A claim locks the conversation to its claimer; a platform_owner may still step in. */
export function mayActOnClaimed(actor: TicketActor, ticket: SupportTicket): boolean {
  return ticket.claimedBy === null || ticket.claimedBy === actor.id || actor.role === 'platform_owner';
}
