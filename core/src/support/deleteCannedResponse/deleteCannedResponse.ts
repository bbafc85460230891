import { requireTicketReader } from '../access.ts';
import type { CannedResponses } from '../cannedResponses.ts';
import type { TicketActor } from '../ports.ts';
import { cannedResponseNotFound } from '../updateCannedResponse/updateCannedResponse.ts';

/** DELETE /api/support/canned-responses/{id}: replies already posted with it keep their text. */
export class DeleteCannedResponse {
  readonly #responses: CannedResponses;

  constructor(responses: CannedResponses) {
    this.#responses = responses;
  }

  async execute(actor: TicketActor, id: number): Promise<void> {
    requireTicketReader(actor);
    if (!(await this.#responses.remove(id))) throw cannedResponseNotFound();
  }
}
