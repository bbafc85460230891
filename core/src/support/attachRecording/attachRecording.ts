import { ATTACHMENT_CONTENT_TYPES, type AttachmentContentType } from '../attachmentTypes.ts';
import type { Clock } from '../../shared/clock.ts';
import { Conflict, Invalid } from '../../shared/errors.ts';
import { mayActOnClaimed, requireTicket, requireTicketReader } from '../access.ts';
import type { TicketActor, TicketAttachmentStore, TicketEvents, TicketMessage, TicketRepository } from '../ports.ts';

/** Every WebM file opens with the EBML magic number; anything else is not the recording it claims to be. */
const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];

const MAGIC: Record<AttachmentContentType, readonly number[]> = { 'video/webm': EBML_MAGIC };

export interface RecordingUpload {
  /** The Content-Type sent, parameters (codecs) included. */
  contentType: string;
  /** The body as it arrives; the HTTP adapter ends it with an error once it passes MAX_ATTACHMENT_BYTES. */
  content: AsyncIterable<Uint8Array>;
  durationSeconds: number | null;
}

/**
 * The first `length` bytes of `content` (fewer when it ends sooner), and the whole of it again to read on, so the
 * start can be checked without holding more than it.
 */
async function startOf(
  content: AsyncIterable<Uint8Array>,
  length: number,
): Promise<{ start: Uint8Array; content: AsyncIterable<Uint8Array> }> {
  const iterator = content[Symbol.asyncIterator]();
  const read: Uint8Array[] = [];
  let have = 0;
  while (have < length) {
    const next = await iterator.next();
    if (next.done) break;
    read.push(next.value);
    have += next.value.length;
  }
  const start = new Uint8Array(length);
  let filled = 0;
  for (const piece of read) {
    const taken = piece.subarray(0, length - filled);
    start.set(taken, filled);
    filled += taken.length;
  }
  async function* whole(): AsyncGenerator<Uint8Array> {
    yield* read;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { start: start.subarray(0, filled), content: whole() };
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * POST /api/support/tickets/{id}/attachments: a staff member attaches a screen recording to the ticket's chat, as a
 * message of its own. The size cap is the HTTP adapter's (its stream fails past MAX_ATTACHMENT_BYTES); the role, the
 * type, the claim and the file's start are checked here before the rest streams into the store (issue 33).
 */
export class AttachRecording {
  readonly #tickets: TicketRepository;
  readonly #attachments: TicketAttachmentStore;
  readonly #events: TicketEvents;
  readonly #clock: Clock;

  constructor(tickets: TicketRepository, attachments: TicketAttachmentStore, events: TicketEvents, clock: Clock) {
    this.#tickets = tickets;
    this.#attachments = attachments;
    this.#events = events;
    this.#clock = clock;
  }

  async execute(actor: TicketActor, ticketId: number, upload: RecordingUpload): Promise<TicketMessage> {
    requireTicketReader(actor);
    const contentType = upload.contentType.split(';')[0]!.trim().toLowerCase();
    if (!(ATTACHMENT_CONTENT_TYPES as readonly string[]).includes(contentType)) {
      throw new Invalid(
        'SUPPORT.ATTACHMENT_TYPE',
        `Only ${ATTACHMENT_CONTENT_TYPES.join(', ')} recordings can be attached`,
        [{ path: ['content-type'], message: `Expected ${ATTACHMENT_CONTENT_TYPES.join(' or ')}` }],
      );
    }
    const ticket = await requireTicket(this.#tickets, ticketId);
    // The same voice rule as a typed reply: a recording is a message to the customer.
    if (!mayActOnClaimed(actor, ticket))
      throw new Conflict('SUPPORT.TICKET_CLAIMED', 'Ticket is claimed by another staff member');
    const magic = MAGIC[contentType as AttachmentContentType];
    // One byte past the magic number: a file that is nothing but the signature is no recording either.
    const { start, content } = await startOf(upload.content, magic.length + 1);
    if (start.length <= magic.length || magic.some((byte, i) => start[i] !== byte)) {
      throw new Invalid('SUPPORT.ATTACHMENT_TYPE', `The file is not a ${contentType} recording`, [
        { path: ['body'], message: `Not a ${contentType} file` },
      ]);
    }
    const message = await this.#attachments.addWithMessage(
      {
        ticketId,
        staffUserId: actor.id,
        senderName: actor.username,
        senderType: 'staff',
        message:
          upload.durationSeconds === null ? 'Screen recording' : `Screen recording (${clock(upload.durationSeconds)})`,
        createdAt: this.#clock.now(),
      },
      { contentType, content, durationSeconds: upload.durationSeconds },
    );
    await this.#events.publish({ type: 'message.created', ticketId, message });
    return message;
  }
}
