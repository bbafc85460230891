import type { LegalKind, LegalRecordOf } from '../legalRecords.ts';
import type { LegalStores } from '../ports.ts';

export interface LegalListSettings {
  defaultLimit: number;
  maxLimit: number;
}

export interface LegalListPage<R> {
  items: R[];
  /** The `before` of the next (older) page; null on the last page. */
  nextCursor: number | null;
}

/** GET /api/legal/{kind}?limit=&before=: newest first, the limit clamped so no call can ask for everything. */
export class ListLegalRecords {
  readonly #stores: LegalStores;
  readonly #settings: LegalListSettings;

  constructor(stores: LegalStores, settings: LegalListSettings) {
    this.#stores = stores;
    this.#settings = settings;
  }

  async execute<K extends LegalKind>(
    kind: K,
    page: { limit?: number | undefined; before?: number | undefined } = {},
  ): Promise<LegalListPage<LegalRecordOf[K]>> {
    const limit = Math.min(Math.max(1, page.limit ?? this.#settings.defaultLimit), this.#settings.maxLimit);
    // One row more than asked tells whether an older page exists without a second query.
    const rows = (await this.#stores[kind].list({ limit: limit + 1, beforeId: page.before })) as LegalRecordOf[K][];
    const items = rows.slice(0, limit);
    return { items, nextCursor: rows.length > limit ? (items.at(-1)?.id ?? null) : null };
  }
}
