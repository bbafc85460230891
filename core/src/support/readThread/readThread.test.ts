import { describe, expect, it } from 'vitest';
import { NotFound } from '../../shared/errors.ts';
import { SequentialTokenGenerator } from '../../staff/testing/fakes.ts';
import { InMemoryTicketMessages, InMemoryTicketRepository, seedTicket } from '../testing/fakes.ts';
import { ReadCustomerThread, ReadThread } from './readThread.ts';

const makeSut = async () => {
  const messages = new InMemoryTicketMessages();
  const tickets = new InMemoryTicketRepository(messages);
  await seedTicket(tickets);
  await messages.add({
    ticketId: 1,
    staffUserId: 3,
    senderName: 'sam',
    senderType: 'staff',
    message: 'Hello',
    createdAt: new Date(),
  });
  return {
    staffSut: new ReadThread(tickets, messages),
    customerSut: new ReadCustomerThread(tickets, messages, new SequentialTokenGenerator()),
  };
};

describe('ReadThread', () => {
  it('gives staff the messages with the staff id', async () => {
    const { staffSut } = await makeSut();
    expect(await staffSut.execute(1)).toEqual([expect.objectContaining({ staffUserId: 3, message: 'Hello' })]);
    await expect(staffSut.execute(2)).rejects.toBeInstanceOf(NotFound);
  });
});

describe('ReadCustomerThread', () => {
  it('gives the key holder the ticket and messages without staff ids', async () => {
    const { customerSut } = await makeSut();
    const thread = await customerSut.execute(1, 'secret-key');
    expect(thread.ticket).toMatchObject({ id: 1, title: 'Bot offline', status: 'open' });
    expect(thread.ticket).not.toHaveProperty('userEmail');
    expect(thread.messages).toEqual([expect.objectContaining({ senderName: 'sam', message: 'Hello' })]);
    expect(thread.messages[0]).not.toHaveProperty('staffUserId');
  });

  it('refuses without the key', async () => {
    const { customerSut } = await makeSut();
    await expect(customerSut.execute(1, 'nope')).rejects.toBeInstanceOf(NotFound);
  });
});
