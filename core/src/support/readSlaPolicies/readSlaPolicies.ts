import { requireTicketReader } from '../access.ts';
import type { SlaPolicy, TicketActor } from '../ports.ts';
import { completePolicies, type SlaPolicies } from '../sla.ts';

/** GET /api/support/sla: one policy per priority, the defaults where the desk set none (issue 39). */
export class ReadSlaPolicies {
  readonly #policies: SlaPolicies;

  constructor(policies: SlaPolicies) {
    this.#policies = policies;
  }

  async execute(actor: TicketActor): Promise<{ policies: SlaPolicy[] }> {
    requireTicketReader(actor);
    return { policies: completePolicies(await this.#policies.read()) };
  }
}
