import type { Clock } from '../../shared/clock.ts';
import { NotFound } from '../../shared/errors.ts';
import { requireTicketReader } from '../access.ts';
import type { CannedResponse, CannedResponseInput, CannedResponses } from '../cannedResponses.ts';
import { shortCodeTaken } from '../createCannedResponse/createCannedResponse.ts';
import type { TicketActor } from '../ports.ts';

export const cannedResponseNotFound = () =>
  new NotFound('SUPPORT.CANNED_RESPONSE_NOT_FOUND', 'No such canned response');

/** PUT /api/support/canned-responses/{id}: replaces a canned response's short code, title and text. */
export class UpdateCannedResponse {
  readonly #responses: CannedResponses;
  readonly #clock: Clock;

  constructor(responses: CannedResponses, clock: Clock) {
    this.#responses = responses;
    this.#clock = clock;
  }

  async execute(actor: TicketActor, id: number, input: CannedResponseInput): Promise<CannedResponse> {
    requireTicketReader(actor);
    const updated = await this.#responses.update(id, input, this.#clock.now());
    if (updated === null) throw cannedResponseNotFound();
    if (updated === 'taken') throw shortCodeTaken(input.shortCode);
    return updated;
  }
}
