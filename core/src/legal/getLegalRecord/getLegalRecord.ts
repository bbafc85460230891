import { NotFound } from '../../shared/errors.ts';
import { KIND_NOUN, type LegalKind, type LegalRecordOf } from '../legalRecords.ts';
import type { LegalStores } from '../ports.ts';

/** GET /api/legal/{kind}/{id}: the detail view behind the View and Review buttons. */
export class GetLegalRecord {
  readonly #stores: LegalStores;

  constructor(stores: LegalStores) {
    this.#stores = stores;
  }

  async execute<K extends LegalKind>(kind: K, id: number): Promise<LegalRecordOf[K]> {
    const record = (await this.#stores[kind].findById(id)) as LegalRecordOf[K] | null;
    if (record === null) throw new NotFound('LEGAL.NOT_FOUND', `The ${KIND_NOUN[kind]} was not found`);
    return record;
  }
}
