import type { TokenGenerator } from '../../staff/ports.ts';
import { requireCustomerAccess } from '../access.ts';
import type { AttachmentLink, AttachmentLinkMint } from '../attachmentLinks.ts';
import type { TicketRepository } from '../ports.ts';

/** POST /api/support/chat/{id}/attachments/{attachmentId}/link: whoever holds the ticket's chat key gets a short-lived link to one of its attachments. */
export class IssueCustomerAttachmentLink {
  readonly #tickets: TicketRepository;
  readonly #tokens: TokenGenerator;
  readonly #mint: AttachmentLinkMint;

  constructor(tickets: TicketRepository, tokens: TokenGenerator, mint: AttachmentLinkMint) {
    this.#tickets = tickets;
    this.#tokens = tokens;
    this.#mint = mint;
  }

  async execute(ticketId: number, key: string, attachmentId: number): Promise<AttachmentLink> {
    await requireCustomerAccess(this.#tickets, this.#tokens, ticketId, key);
    return this.#mint.mint(ticketId, attachmentId);
  }
}
