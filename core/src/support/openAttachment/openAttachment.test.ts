import { describe, expect, it } from 'vitest';
import { NotFound } from '../../shared/errors.ts';
import { FixedClock, SequentialTokenGenerator, T0 } from '../../staff/testing/fakes.ts';
import {
  AGENT,
  InMemoryAttachmentLinks,
  InMemoryAttachmentStore,
  InMemoryTicketMessages,
  streamOf,
  webmBytes,
} from '../testing/fakes.ts';
import { OpenAttachment } from './openAttachment.ts';

const makeSut = async () => {
  const messages = new InMemoryTicketMessages();
  const attachments = new InMemoryAttachmentStore(messages);
  const base = {
    staffUserId: AGENT.id,
    senderName: 'sam',
    senderType: 'staff' as const,
    message: 'Rec',
    createdAt: T0,
  };
  const file = () => ({ contentType: 'video/webm', content: streamOf(webmBytes(64)), durationSeconds: 5 });
  await attachments.addWithMessage({ ...base, ticketId: 1 }, file());
  await attachments.addWithMessage({ ...base, ticketId: 2 }, file());
  const links = new InMemoryAttachmentLinks();
  await links.save('digest:live', 1, new Date(T0.getTime() + 1000));
  await links.save('digest:expired', 1, T0);
  const sut = new OpenAttachment(attachments, links, new SequentialTokenGenerator(), new FixedClock());
  return { sut };
};

describe('OpenAttachment', () => {
  it('opens the attachment its link names, reading it by range', async () => {
    const { sut } = await makeSut();
    const opened = await sut.execute(1, 'live');
    expect(opened.attachment).toEqual({ id: 1, contentType: 'video/webm', size: 64, durationSeconds: 5 });
    expect(await opened.read(0, 4)).toEqual(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]));
    expect((await opened.read(60, 10)).length).toBe(4);
  });

  it('opens nothing for a guessed token, an expired link, or a link used for another attachment', async () => {
    const { sut } = await makeSut();
    await expect(sut.execute(1, 'guess')).rejects.toBeInstanceOf(NotFound);
    await expect(sut.execute(1, 'expired')).rejects.toBeInstanceOf(NotFound);
    await expect(sut.execute(2, 'live')).rejects.toBeInstanceOf(NotFound);
  });
});
