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
    const [c, ci, v, vp, d, da, r, rp] = await Promise.all([
      cases.count(),
      cases.count({ status: 'investigation' }),
      violations.count(),
      violations.count({ status: 'pending' }),
      documents.count(),
      documents.count({ isActive: true }),
      compliance.count(),
      compliance.count({ status: 'published' }),
    ]);
    return {
      cases: { total: c, underInvestigation: ci },
      violations: { total: v, pendingReview: vp },
      documents: { total: d, active: da },
      compliance: { total: r, published: rp },
    };
  }
}
