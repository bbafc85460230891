import { describe, expect, it } from 'vitest';
import { NotFound } from '../../shared/errors.ts';
import { FixedClock, SequentialTokenGenerator, T0 } from '../../staff/testing/fakes.ts';
import {
  AGENT,
  InMemoryAttachmentLinks,
  InMemoryAttachmentStore,
  InMemoryTicketMessages,
  InMemoryTicketRepository,
  NON_READERS,
  seedTicket,
  streamOf,
  webmBytes,
} from '../testing/fakes.ts';
import { IssueAttachmentLink } from './issueAttachmentLink.ts';

const TTL_MS = 60_000;

/** Two tickets, each with a recording; the first ticket's chat key is `secret-key`, the second's `other-key`. */
const makeSut = async () => {
  const messages = new InMemoryTicketMessages();
  const tickets = new InMemoryTicketRepository(messages);
  await seedTicket(tickets);
  await seedTicket(tickets, { accessKeyHash: 'digest:other-key' });
  const attachments = new InMemoryAttachmentStore(messages);
  const file = () => ({ contentType: 'video/webm', content: streamOf(webmBytes()), durationSeconds: 5 });
  const base = {
    staffUserId: AGENT.id,
    senderName: 'sam',
    senderType: 'staff' as const,
    message: 'Rec',
    createdAt: T0,
  };
  await attachments.addWithMessage({ ...base, ticketId: 1 }, file());
  await attachments.addWithMessage({ ...base, ticketId: 2 }, file());
  const links = new InMemoryAttachmentLinks();
  const tokens = new SequentialTokenGenerator();
  const sut = new IssueAttachmentLink(tickets, attachments, links, tokens, new FixedClock(), { ttlMs: TTL_MS });
  return { sut, links };
};

describe('IssueAttachmentLink', () => {
  it('gives staff a link that opens the attachment for the TTL, storing only its hash', async () => {
    const { sut, links } = await makeSut();
    const link = await sut.forStaff(AGENT, 1, 1);
    expect(link).toEqual({ attachmentId: 1, token: 'token-1', expiresAt: new Date(T0.getTime() + TTL_MS) });
    expect([...links.links.keys()]).toEqual(['digest:token-1']);
  });

  it("gives the chat key holder a link to their own ticket's attachment", async () => {
    const { sut } = await makeSut();
    expect((await sut.forCustomer(1, 'secret-key', 1)).attachmentId).toBe(1);
  });

  it("refuses another ticket's key, and an attachment named through a ticket it does not belong to", async () => {
    const { sut, links } = await makeSut();
    await expect(sut.forCustomer(1, 'other-key', 1)).rejects.toBeInstanceOf(NotFound);
    await expect(sut.forCustomer(2, 'other-key', 1)).rejects.toBeInstanceOf(NotFound);
    await expect(sut.forStaff(AGENT, 2, 1)).rejects.toBeInstanceOf(NotFound);
    await expect(sut.forStaff(AGENT, 1, 99)).rejects.toBeInstanceOf(NotFound);
    expect(links.links.size).toBe(0);
  });

  it.each(NON_READERS)('gives $role no link to a recording (issue 33)', async (actor) => {
    const { sut, links } = await makeSut();
    await expect(sut.forStaff(actor, 1, 1)).rejects.toMatchObject({
      kind: 'Forbidden',
      code: 'SUPPORT.READ_FORBIDDEN',
    });
    expect(links.links.size).toBe(0);
  });
});
