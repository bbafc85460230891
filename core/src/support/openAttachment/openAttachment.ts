import type { Clock } from '../../shared/clock.ts';
import { NotFound } from '../../shared/errors.ts';
import type { TokenGenerator } from '../../staff/ports.ts';
import type { AttachmentLinks, TicketAttachment, TicketAttachmentStore } from '../ports.ts';

export interface OpenedAttachment {
  attachment: TicketAttachment;
  /** `length` bytes from `start`; the caller keeps within `attachment.size`. */
  read(start: number, length: number): Promise<Uint8Array>;
}

/**
 * GET /api/support/attachments/{attachmentId}?access=: the link's token opens its own attachment until it expires.
 * A guessed, expired or borrowed token (another attachment's) is answered as unknown.
 */
export class OpenAttachment {
  readonly #attachments: TicketAttachmentStore;
  readonly #links: AttachmentLinks;
  readonly #tokens: TokenGenerator;
  readonly #clock: Clock;

  constructor(attachments: TicketAttachmentStore, links: AttachmentLinks, tokens: TokenGenerator, clock: Clock) {
    this.#attachments = attachments;
    this.#links = links;
    this.#tokens = tokens;
    this.#clock = clock;
  }

  async execute(attachmentId: number, token: string): Promise<OpenedAttachment> {
    const opens = await this.#links.find(this.#tokens.hash(token), this.#clock.now());
    const found = opens === attachmentId ? await this.#attachments.find(attachmentId) : null;
    if (found === null) throw new NotFound('SUPPORT.ATTACHMENT_NOT_FOUND', 'Attachment not found');
    const { ticketId: _ticketId, ...attachment } = found;
    return {
      attachment,
      read: (start, length) => this.#attachments.readRange(attachmentId, start, length),
    };
  }
}
