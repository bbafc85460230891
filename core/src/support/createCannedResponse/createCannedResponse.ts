import type { Clock } from '../../shared/clock.ts';
import { Conflict } from '../../shared/errors.ts';
import { requireTicketReader } from '../access.ts';
import type { CannedResponse, CannedResponseInput, CannedResponses } from '../cannedResponses.ts';
import type { TicketActor } from '../ports.ts';

export const shortCodeTaken = (shortCode: string) =>
  new Conflict('SUPPORT.SHORT_CODE_TAKEN', `Another canned response uses /${shortCode}`);

/** POST /api/support/canned-responses: a new canned response; its short code must be free (409 otherwise). */
export class CreateCannedResponse {
  readonly #responses: CannedResponses;
  readonly #clock: Clock;

  constructor(responses: CannedResponses, clock: Clock) {
    this.#responses = responses;
    this.#clock = clock;
  }

  async execute(actor: TicketActor, input: CannedResponseInput): Promise<CannedResponse> {
    requireTicketReader(actor);
    const created = await this.#responses.create(input, this.#clock.now());
    if (created === 'taken') throw shortCodeTaken(input.shortCode);
    return created;
  }
}
