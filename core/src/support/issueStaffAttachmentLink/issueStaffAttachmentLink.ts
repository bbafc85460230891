import { requireTicket, requireTicketReader } from '../access.ts';
import type { AttachmentLink, AttachmentLinkMint } from '../attachmentLinks.ts';
import type { TicketActor, TicketRepository } from '../ports.ts';

/** POST /api/support/tickets/{id}/attachments/{attachmentId}/link: a member of a role that reads tickets gets a short-lived link. */
export class IssueStaffAttachmentLink {
  readonly #tickets: TicketRepository;
  readonly #mint: AttachmentLinkMint;

  constructor(tickets: TicketRepository, mint: AttachmentLinkMint) {
    this.#tickets = tickets;
    this.#mint = mint;
  }

  async execute(actor: TicketActor, ticketId: number, attachmentId: number): Promise<AttachmentLink> {
    requireTicketReader(actor);
    await requireTicket(this.#tickets, ticketId);
    return this.#mint.mint(ticketId, attachmentId);
  }
}
