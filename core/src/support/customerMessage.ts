import type { SupportTicket, TicketEvents, TicketMessage, TicketMessageRepository } from './ports.ts';

/** A message from the ticket's customer, by chat or by mail, stored under their name and pushed to open screens. */
export async function addCustomerMessage(
  ports: { messages: TicketMessageRepository; events: TicketEvents },
  ticket: SupportTicket,
  text: string,
  at: Date,
): Promise<TicketMessage> {
  const message = await ports.messages.add({
    ticketId: ticket.id,
    staffUserId: null,
    senderName: ticket.userName ?? 'Customer',
    senderType: 'customer',
    message: text,
    createdAt: at,
  });
  await ports.events.publish({ type: 'message.created', ticketId: ticket.id, message });
  return message;
}
