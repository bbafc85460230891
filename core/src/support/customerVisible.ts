import type { TicketMessage } from './ports.ts';

/** What the customer may see, by chat, its event stream or mail: everything but staff's private notes. */
export function isCustomerVisible(message: Pick<TicketMessage, 'isPrivate'>): boolean {
  return !message.isPrivate;
}
