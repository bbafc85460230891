import type { SlaPolicy } from '../ports.ts';
import type { SlaPolicies } from '../sla.ts';
import type { SupportDirectors } from '../notifySlaBreaches/notifySlaBreaches.ts';

/** The desk's SLA policies in memory; none until replaced, as in a fresh database. */
export class InMemorySlaPolicies implements SlaPolicies {
  policies: SlaPolicy[] = [];

  async read(): Promise<SlaPolicy[]> {
    return structuredClone(this.policies);
  }

  async replace(policies: SlaPolicy[]): Promise<void> {
    this.policies = structuredClone(policies);
  }
}

export class FixedSupportDirectors implements SupportDirectors {
  readonly addresses: string[];
  constructor(addresses: string[]) {
    this.addresses = addresses;
  }

  async emails(): Promise<string[]> {
    return this.addresses;
  }
}
