import { describeTicketRepositoryContract } from './ticketRepositoryContract.ts';
import { InMemoryTicketMessages, InMemoryTicketRepository } from './fakes.ts';

describeTicketRepositoryContract('InMemoryTicketRepository', async () => {
  const messages = new InMemoryTicketMessages();
  const tickets = new InMemoryTicketRepository(messages);
  return {
    tickets,
    messages,
    addStaff: async (username) => {
      const id = tickets.staffNames.size + 1;
      tickets.staffNames.set(id, username);
      return id;
    },
  };
});
