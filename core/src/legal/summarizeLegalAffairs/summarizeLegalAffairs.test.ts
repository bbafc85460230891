import { describe, expect, it } from 'vitest';
import { makeLegalStores } from '../testing/fakes.ts';
import { SummarizeLegalAffairs } from './summarizeLegalAffairs.ts';

describe('SummarizeLegalAffairs', () => {
  it('counts every record and the ones each card singles out', async () => {
    const stores = makeLegalStores();
    const base = {
      title: 't',
      description: 'd',
      caseType: 'fraud' as const,
      severity: 'low' as const,
      reportedBy: 1,
      customerId: null,
    };
    await stores.cases.add({ ...base, caseNumber: 'LC-2026-000001', status: 'investigation' });
    await stores.cases.add({ ...base, caseNumber: 'LC-2026-000002', status: 'closed' });
    await stores.documents.add({
      title: 'a',
      documentType: 'policy',
      version: '1',
      content: 'c',
      isActive: false,
      createdBy: 1,
    });
    await stores.compliance.add({
      title: 'r',
      reportType: 'audit',
      reportPeriod: '2026-01',
      description: 'd',
      status: 'published',
      generatedBy: 1,
      publishedAt: new Date(),
    });
    expect(await new SummarizeLegalAffairs(stores).execute()).toEqual({
      cases: { total: 2, underInvestigation: 1 },
      violations: { total: 0, pendingReview: 0 },
      documents: { total: 1, active: 0 },
      compliance: { total: 1, published: 1 },
    });
  });
});
