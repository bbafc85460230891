import type { Clock } from '../../shared/clock.ts';
import { NotFound } from '../../shared/errors.ts';
import type { TokenGenerator } from '../../staff/ports.ts';
import { requireCustomerAccess, requireTicket, requireTicketReader } from '../access.ts';
import type { AttachmentLinks, TicketActor, TicketAttachmentStore, TicketRepository } from '../ports.ts';

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
 * POST …/attachments/{attachmentId}/link: whoever may read the ticket's chat (a member of a role that reads
 * tickets, or the customer holding the chat key) gets a short-lived link to one of its attachments. An attachment of another ticket is
 * answered as unknown, so ids cannot be probed through a ticket one holds.
 */
export class IssueAttachmentLink {
  readonly #tickets: TicketRepository;
  readonly #attachments: TicketAttachmentStore;
  readonly #links: AttachmentLinks;
  readonly #tokens: TokenGenerator;
  readonly #clock: Clock;
  readonly #settings: AttachmentLinkSettings;

  constructor(
    tickets: TicketRepository,
    attachments: TicketAttachmentStore,
    links: AttachmentLinks,
    tokens: TokenGenerator,
    clock: Clock,
    settings: AttachmentLinkSettings,
  ) {
    this.#tickets = tickets;
    this.#attachments = attachments;
    this.#links = links;
    this.#tokens = tokens;
    this.#clock = clock;
    this.#settings = settings;
  }

  async forStaff(actor: TicketActor, ticketId: number, attachmentId: number): Promise<AttachmentLink> {
    requireTicketReader(actor);
    await requireTicket(this.#tickets, ticketId);
    return this.#issue(ticketId, attachmentId);
  }

  async forCustomer(ticketId: number, key: string, attachmentId: number): Promise<AttachmentLink> {
    await requireCustomerAccess(this.#tickets, this.#tokens, ticketId, key);
    return this.#issue(ticketId, attachmentId);
  }

  async #issue(ticketId: number, attachmentId: number): Promise<AttachmentLink> {
    const attachment = await this.#attachments.find(attachmentId);
    if (attachment === null || attachment.ticketId !== ticketId)
      throw new NotFound('SUPPORT.ATTACHMENT_NOT_FOUND', 'Attachment not found');
    const token = this.#tokens.generate();
    const expiresAt = new Date(this.#clock.now().getTime() + this.#settings.ttlMs);
    await this.#links.save(this.#tokens.hash(token), attachmentId, expiresAt);
    return { attachmentId, token, expiresAt };
  }
}
