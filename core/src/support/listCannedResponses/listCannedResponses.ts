import { requireTicketReader } from '../access.ts';
import type { CannedResponse, CannedResponses } from '../cannedResponses.ts';
import type { TicketActor } from '../ports.ts';

/** GET /api/support/canned-responses: every canned response, by short code, for anyone who answers tickets. */
export class ListCannedResponses {
  readonly #responses: CannedResponses;

  constructor(responses: CannedResponses) {
    this.#responses = responses;
  }

  async execute(actor: TicketActor): Promise<CannedResponse[]> {
    requireTicketReader(actor);
    return this.#responses.list();
  }
}
