import { ATTACHMENT_CONTENT_TYPES, type AttachmentContentType } from '../attachmentTypes.ts';
import type { Clock } from '../../shared/clock.ts';
import { Conflict, Invalid } from '../../shared/errors.ts';
import { mayActOnClaimed, requireTicket } from '../access.ts';
import type { TicketActor, TicketAttachmentStore, TicketEvents, TicketMessage, TicketRepository } from '../ports.ts';

/** Every WebM file opens with the EBML magic number; anything else is not the recording it claims to be. */
const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];

const MAGIC: Record<AttachmentContentType, readonly number[]> = { 'video/webm': EBML_MAGIC };

export interface RecordingUpload {
  /** The Content-Type sent, parameters (codecs) included. */
  contentType: string;
  bytes: Uint8Array;
  durationSeconds: number | null;
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * POST /api/support/tickets/{id}/attachments: a staff member attaches a screen recording to the ticket's chat, as a
 * message of its own. The size cap is the HTTP adapter's (it stops reading at MAX_ATTACHMENT_BYTES); the type, the
 * content and the claim are checked here.
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
    const contentType = upload.contentType.split(';')[0]!.trim().toLowerCase();
    if (!(ATTACHMENT_CONTENT_TYPES as readonly string[]).includes(contentType)) {
      throw new Invalid(
        'SUPPORT.ATTACHMENT_TYPE',
        `Only ${ATTACHMENT_CONTENT_TYPES.join(', ')} recordings can be attached`,
        [{ path: ['content-type'], message: `Expected ${ATTACHMENT_CONTENT_TYPES.join(' or ')}` }],
      );
    }
    const magic = MAGIC[contentType as AttachmentContentType];
    if (upload.bytes.length <= magic.length || magic.some((byte, i) => upload.bytes[i] !== byte)) {
      throw new Invalid('SUPPORT.ATTACHMENT_TYPE', `The file is not a ${contentType} recording`, [
        { path: ['body'], message: `Not a ${contentType} file` },
      ]);
    }
    const ticket = await requireTicket(this.#tickets, ticketId);
    // The same voice rule as a typed reply: a recording is a message to the customer.
    if (!mayActOnClaimed(actor, ticket))
      throw new Conflict('SUPPORT.TICKET_CLAIMED', 'Ticket is claimed by another staff member');
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
      { contentType, bytes: upload.bytes, durationSeconds: upload.durationSeconds },
    );
    await this.#events.publish({ type: 'message.created', ticketId, message });
    return message;
  }
}
