import type { TicketMessage } from './ports.ts';

/** What the customer may see, by chat or mail: everything but staff's private notes (h39a's flag). */
export function isCustomerVisible(message: TicketMessage): boolean {
  return !(message as { isPrivate?: boolean }).isPrivate;
}
