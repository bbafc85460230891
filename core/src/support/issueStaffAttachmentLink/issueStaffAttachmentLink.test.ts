import { describe, expect, it } from 'vitest';
import { NotFound } from '../../shared/errors.ts';
import { T0 } from '../../staff/testing/fakes.ts';
import { AGENT, makeAttachmentLinkWorld, NON_READERS } from '../testing/fakes.ts';
import { IssueStaffAttachmentLink } from './issueStaffAttachmentLink.ts';

const TTL_MS = 60_000;

const makeSut = async () => {
  const { tickets, links, mint } = await makeAttachmentLinkWorld(TTL_MS);
  return { sut: new IssueStaffAttachmentLink(tickets, mint), links };
};

describe('IssueStaffAttachmentLink', () => {
  it('gives staff a link that opens the attachment for the TTL, storing only its hash', async () => {
    const { sut, links } = await makeSut();
    const link = await sut.execute(AGENT, 1, 1);
    expect(link).toEqual({ attachmentId: 1, token: 'token-1', expiresAt: new Date(T0.getTime() + TTL_MS) });
    expect([...links.links.keys()]).toEqual(['digest:token-1']);
  });

  it('answers an unknown ticket, or an attachment named through a ticket it does not belong to, as unknown', async () => {
    const { sut, links } = await makeSut();
    await expect(sut.execute(AGENT, 2, 1)).rejects.toBeInstanceOf(NotFound);
    await expect(sut.execute(AGENT, 1, 99)).rejects.toBeInstanceOf(NotFound);
    await expect(sut.execute(AGENT, 99, 1)).rejects.toBeInstanceOf(NotFound);
    expect(links.links.size).toBe(0);
  });

  it.each(NON_READERS)('gives $role no link to a recording (issue 33)', async (actor) => {
    const { sut, links } = await makeSut();
    await expect(sut.execute(actor, 1, 1)).rejects.toMatchObject({
      kind: 'Forbidden',
      code: 'SUPPORT.READ_FORBIDDEN',
    });
    expect(links.links.size).toBe(0);
  });
});
