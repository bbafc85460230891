import { describe, expect, it } from 'vitest';
import { Conflict, Invalid, NotFound } from '../../shared/errors.ts';
import { FixedClock, T0 } from '../../staff/testing/fakes.ts';
import {
  AGENT,
  InMemoryAttachmentStore,
  InMemoryTicketMessages,
  InMemoryTicketRepository,
  OTHER_AGENT,
  OWNER,
  NON_READERS,
  RecordingTicketEvents,
  seedTicket,
  streamOf,
  webmBytes,
} from '../testing/fakes.ts';
import { AttachRecording } from './attachRecording.ts';

const makeSut = async () => {
  const messages = new InMemoryTicketMessages();
  const tickets = new InMemoryTicketRepository(messages);
  await seedTicket(tickets);
  const attachments = new InMemoryAttachmentStore(messages);
  const events = new RecordingTicketEvents();
  return {
    sut: new AttachRecording(tickets, attachments, events, new FixedClock()),
    tickets,
    messages,
    attachments,
    events,
  };
};

const recording = ({
  bytes = webmBytes(),
  ...overrides
}: { bytes?: Uint8Array; contentType?: string; durationSeconds?: number | null } = {}) => ({
  contentType: 'video/webm;codecs=vp8,opus',
  content: streamOf(bytes),
  durationSeconds: 75,
  ...overrides,
});

describe('AttachRecording', () => {
  it('stores the recording as a staff message, named with its length, and announces it', async () => {
    const { sut, messages, attachments, events } = await makeSut();
    const sent = await sut.execute(AGENT, 1, recording());
    expect(sent).toMatchObject({
      ticketId: 1,
      staffUserId: AGENT.id,
      senderName: 'sam',
      senderType: 'staff',
      message: 'Screen recording (1:15)',
      attachment: { contentType: 'video/webm', size: 32, durationSeconds: 75 },
      createdAt: T0,
    });
    expect(await messages.listFor(1)).toEqual([sent]);
    expect(attachments.files.get(sent.attachment!.id)?.bytes).toEqual(webmBytes());
    expect(events.events).toEqual([{ type: 'message.created', ticketId: 1, message: sent }]);
  });

  it('hands the store the upload as it streams, never read whole first (issue 33)', async () => {
    const { sut, attachments } = await makeSut();
    let finished = false;
    async function* upload() {
      yield* streamOf(webmBytes(64));
      finished = true;
    }
    let finishedWhenStoring: boolean | undefined;
    const store = attachments.addWithMessage.bind(attachments);
    attachments.addWithMessage = (message, file) => {
      finishedWhenStoring = finished;
      return store(message, file);
    };
    const sent = await sut.execute(AGENT, 1, { ...recording(), content: upload() });
    expect(finishedWhenStoring).toBe(false);
    expect(attachments.files.get(sent.attachment!.id)?.bytes).toEqual(webmBytes(64));
  });

  it('stores nothing when the upload fails part-way (the size cap, a dropped connection)', async () => {
    const { sut, messages, events } = await makeSut();
    async function* upload() {
      yield* streamOf(webmBytes(64));
      throw new Error('connection reset');
    }
    await expect(sut.execute(AGENT, 1, { ...recording(), content: upload() })).rejects.toThrow('connection reset');
    expect(messages.messages).toHaveLength(0);
    expect(events.events).toHaveLength(0);
  });

  it.each(NON_READERS)('refuses $role, whose role reads no tickets, before reading the upload', async (actor) => {
    const { sut, messages } = await makeSut();
    let read = false;
    async function* upload() {
      read = true;
      yield webmBytes();
    }
    await expect(sut.execute(actor, 1, { ...recording(), content: upload() })).rejects.toMatchObject({
      kind: 'Forbidden',
      code: 'SUPPORT.READ_FORBIDDEN',
    });
    expect(read).toBe(false);
    expect(messages.messages).toHaveLength(0);
  });

  it('names a recording without a measured length plainly', async () => {
    const { sut } = await makeSut();
    expect((await sut.execute(AGENT, 1, recording({ durationSeconds: null }))).message).toBe('Screen recording');
  });

  it('refuses another type, and bytes that are not WebM, storing nothing', async () => {
    const { sut, messages, events } = await makeSut();
    await expect(sut.execute(AGENT, 1, recording({ contentType: 'image/png' }))).rejects.toBeInstanceOf(Invalid);
    await expect(
      sut.execute(AGENT, 1, recording({ bytes: new TextEncoder().encode('<script>alert(1)</script>') })),
    ).rejects.toBeInstanceOf(Invalid);
    await expect(sut.execute(AGENT, 1, recording({ bytes: new Uint8Array() }))).rejects.toBeInstanceOf(Invalid);
    expect(messages.messages).toHaveLength(0);
    expect(events.events).toHaveLength(0);
  });

  it("refuses another agent while the ticket is someone else's claim, but not the platform owner", async () => {
    const { sut, tickets, messages } = await makeSut();
    await tickets.tryClaim(1, AGENT.id, T0, false);
    await expect(sut.execute(OTHER_AGENT, 1, recording())).rejects.toBeInstanceOf(Conflict);
    expect(messages.messages).toHaveLength(0);
    await sut.execute(AGENT, 1, recording());
    await sut.execute(OWNER, 1, recording());
    expect(messages.messages).toHaveLength(2);
  });

  it('answers an unknown ticket as not found', async () => {
    const { sut } = await makeSut();
    await expect(sut.execute(AGENT, 99, recording())).rejects.toBeInstanceOf(NotFound);
  });
});
