import { readPage, type ListLimits, type Page, type PageRequest } from '../../shared/paging.ts';
import type { LegalKind, LegalRecordOf } from '../legalRecords.ts';
import type { LegalStores } from '../ports.ts';

export type LegalListSettings = ListLimits;

/** GET /api/legal/{kind}?limit=&before=: newest first, the limit clamped so no call can ask for everything. */
export class ListLegalRecords {
  readonly #stores: LegalStores;
  readonly #settings: LegalListSettings;

  constructor(stores: LegalStores, settings: LegalListSettings) {
    this.#stores = stores;
    this.#settings = settings;
  }

  execute<K extends LegalKind>(kind: K, request: PageRequest = {}): Promise<Page<LegalRecordOf[K]>> {
    return readPage(request, this.#settings, async (before, limit) => {
      const rows = await this.#stores[kind].list({ limit, beforeId: before?.id });
      return rows as LegalRecordOf[K][];
    });
  }
}
