import type { Clock } from '../shared/clock.ts';
import { NotFound } from '../shared/errors.ts';
import type { TokenGenerator } from '../staff/ports.ts';
import type { AttachmentLinks, TicketAttachmentStore } from './ports.ts';

export interface AttachmentLinkSettings {
  /** Long enough to watch a five-minute recording with pauses; a link that leaks soon opens nothing. */
  ttlMs: number;
}

export interface AttachmentLink {
  attachmentId: number;
  token: string;
  expiresAt: Date;
}

/**
 * Mints the short-lived link to one attachment of a ticket, once the caller's use case has decided they may read
 * the ticket (IssueStaffAttachmentLink, IssueCustomerAttachmentLink). An attachment of another ticket is answered
 * as unknown, so ids cannot be probed through a ticket one holds; only the token's hash is stored.
 */
export class AttachmentLinkMint {
  readonly #attachments: TicketAttachmentStore;
  readonly #links: AttachmentLinks;
  readonly #tokens: TokenGenerator;
  readonly #clock: Clock;
  readonly #settings: AttachmentLinkSettings;

  constructor(
    attachments: TicketAttachmentStore,
    links: AttachmentLinks,
    tokens: TokenGenerator,
    clock: Clock,
    settings: AttachmentLinkSettings,
  ) {
    this.#attachments = attachments;
    this.#links = links;
    this.#tokens = tokens;
    this.#clock = clock;
    this.#settings = settings;
  }

  async mint(ticketId: number, attachmentId: number): Promise<AttachmentLink> {
    const attachment = await this.#attachments.find(attachmentId);
    if (attachment === null || attachment.ticketId !== ticketId)
      throw new NotFound('SUPPORT.ATTACHMENT_NOT_FOUND', 'Attachment not found');
    const token = this.#tokens.generate();
    const expiresAt = new Date(this.#clock.now().getTime() + this.#settings.ttlMs);
    await this.#links.save(this.#tokens.hash(token), attachmentId, expiresAt);
    return { attachmentId, token, expiresAt };
  }
}
