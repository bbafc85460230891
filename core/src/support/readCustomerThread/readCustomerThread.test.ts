import { describe, expect, it } from 'vitest';
import { NotFound } from '../../shared/errors.ts';
import { SequentialTokenGenerator } from '../../staff/testing/fakes.ts';
import { makeThreadWorld } from '../testing/fakes.ts';
import { InMemoryTicketRatings } from '../testing/deskFakes.ts';
import { ReadCustomerThread } from './readCustomerThread.ts';

const makeSut = async () => {
  const { tickets, messages } = await makeThreadWorld();
  return {
    customerSut: new ReadCustomerThread(tickets, messages, new SequentialTokenGenerator(), new InMemoryTicketRatings()),
  };
};

describe('ReadCustomerThread', () => {
  it('gives the key holder the ticket and messages without staff ids', async () => {
    const { customerSut } = await makeSut();
    const thread = await customerSut.execute(1, 'secret-key');
    expect(thread.ticket).toMatchObject({ id: 1, title: 'Bot offline', status: 'open' });
    expect(thread.ticket).not.toHaveProperty('userEmail');
    expect(thread.messages).toEqual([expect.objectContaining({ senderName: 'sam', message: 'Hello' })]);
    expect(thread.messages[0]).not.toHaveProperty('staffUserId');
    expect(thread.rating).toBeNull();
  });

  it('refuses without the key', async () => {
    const { customerSut } = await makeSut();
    await expect(customerSut.execute(1, 'nope')).rejects.toBeInstanceOf(NotFound);
  });
});
