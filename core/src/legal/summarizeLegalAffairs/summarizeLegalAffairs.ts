import type { LegalStores } from '../ports.ts';

export interface LegalSummaryCounts {
  cases: { total: number; underInvestigation: number };
  violations: { total: number; pendingReview: number };
  documents: { total: number; active: number };
  compliance: { total: number; published: number };
}

/** GET /api/legal/summary: the four summary cards count every record, not just the page a list returned. */
export class SummarizeLegalAffairs {
  readonly #stores: LegalStores;

  constructor(stores: LegalStores) {
    this.#stores = stores;
  }

  async execute(): Promise<LegalSummaryCounts> {
    const { cases, violations, documents, compliance } = this.#stores;
    // One after another: eight parallel counts would take eight pool connections for one page view.
    return {
      cases: { total: await cases.count(), underInvestigation: await cases.count({ status: 'investigation' }) },
      violations: { total: await violations.count(), pendingReview: await violations.count({ status: 'pending' }) },
      documents: { total: await documents.count(), active: await documents.count({ isActive: true }) },
      compliance: { total: await compliance.count(), published: await compliance.count({ status: 'published' }) },
    };
  }
}
