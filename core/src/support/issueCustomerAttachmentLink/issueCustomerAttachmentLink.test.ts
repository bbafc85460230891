import { describe, expect, it } from 'vitest';
import { NotFound } from '../../shared/errors.ts';
import { T0 } from '../../staff/testing/fakes.ts';
import { makeAttachmentLinkWorld } from '../testing/fakes.ts';
import { IssueCustomerAttachmentLink } from './issueCustomerAttachmentLink.ts';

const TTL_MS = 60_000;

const makeSut = async () => {
  const { tickets, tokens, links, mint } = await makeAttachmentLinkWorld(TTL_MS);
  return { sut: new IssueCustomerAttachmentLink(tickets, tokens, mint), links };
};

describe('IssueCustomerAttachmentLink', () => {
  it("gives the chat key holder a link to their own ticket's attachment for the TTL, storing only its hash", async () => {
    const { sut, links } = await makeSut();
    expect(await sut.execute(1, 'secret-key', 1)).toEqual({
      attachmentId: 1,
      token: 'token-1',
      expiresAt: new Date(T0.getTime() + TTL_MS),
    });
    expect([...links.links.keys()]).toEqual(['digest:token-1']);
  });

  it("refuses another ticket's key, and an attachment named through a ticket it does not belong to", async () => {
    const { sut, links } = await makeSut();
    await expect(sut.execute(1, 'other-key', 1)).rejects.toBeInstanceOf(NotFound);
    await expect(sut.execute(2, 'other-key', 1)).rejects.toBeInstanceOf(NotFound);
    await expect(sut.execute(1, 'secret-key', 2)).rejects.toBeInstanceOf(NotFound);
    expect(links.links.size).toBe(0);
  });
});
