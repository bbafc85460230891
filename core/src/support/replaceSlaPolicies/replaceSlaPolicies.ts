import { requirePermission } from '../../staff/requirePermission.ts';
import type { SlaPolicy, TicketActor } from '../ports.ts';
import type { SlaPolicies } from '../sla.ts';

/**
 * PUT /api/support/sla: the desk's targets, one policy per priority (the contract checks there is exactly one of
 * each). Customer support directors and the platform owner set them; agents work to them.
 */
export class ReplaceSlaPolicies {
  readonly #policies: SlaPolicies;

  constructor(policies: SlaPolicies) {
    this.#policies = policies;
  }

  async execute(actor: TicketActor, policies: SlaPolicy[]): Promise<{ policies: SlaPolicy[] }> {
    requirePermission(actor, 'tickets.sla');
    await this.#policies.replace(policies);
    return { policies };
  }
}
