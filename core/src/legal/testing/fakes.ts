/** In-memory stand-ins for the legal ports, shared by the legal use case tests. */
import { T0 } from '../../staff/testing/fakes.ts';
import { parseCaseSequence } from '../caseNumber.ts';
import type {
  ComplianceReport,
  LegalCase,
  LegalDocument,
  NewComplianceReport,
  NewLegalCase,
  NewLegalDocument,
  NewPolicyViolation,
  PolicyViolation,
} from '../legalRecords.ts';
import type { CaseNumberSequence, LegalCustomers, LegalPage, LegalRecordStore, LegalStores } from '../ports.ts';

export class InMemoryLegalStore<
  R extends { id: number; createdAt: Date; updatedAt: Date },
  N,
> implements LegalRecordStore<R, N> {
  readonly rows: R[] = [];
  readonly #read: (record: N) => object;

  /** `read`: what the store adds to a new record from elsewhere (a named customer's name). */
  constructor(read: (record: N) => object = () => ({})) {
    this.#read = read;
  }

  async add(record: N): Promise<R> {
    const stored = {
      ...record,
      ...this.#read(record),
      id: this.rows.length + 1,
      createdAt: new Date(T0),
      updatedAt: new Date(T0),
    } as unknown as R;
    this.rows.push(stored);
    return structuredClone(stored);
  }

  async findById(id: number): Promise<R | null> {
    const row = this.rows.find((r) => r.id === id);
    return row ? structuredClone(row) : null;
  }

  async list(page: LegalPage): Promise<R[]> {
    return [...this.rows]
      .reverse()
      .filter((r) => page.beforeId === undefined || r.id < page.beforeId)
      .slice(0, page.limit)
      .map((r) => structuredClone(r));
  }

  async count(where: Partial<R> = {}): Promise<number> {
    return this.rows.filter((r) => matches(r, where)).length;
  }

  async updateIf(id: number, expected: Partial<R>, changes: Partial<R>): Promise<boolean> {
    const row = this.rows.find((r) => r.id === id);
    if (!row || !matches(row, expected)) return false;
    Object.assign(row, changes);
    return true;
  }
}

function matches<R>(row: R, where: Partial<R>): boolean {
  return Object.entries(where).every(([key, value]) => row[key as keyof R] === value);
}

/** Customer accounts by id and name, as the legal area sees them. */
export class InMemoryLegalCustomers implements LegalCustomers {
  readonly names = new Map<number, string>([[21, 'raider']]);

  async exists(customerId: number): Promise<boolean> {
    return this.names.has(customerId);
  }
}

export function makeLegalStores(customers = new InMemoryLegalCustomers()) {
  const customerName = (record: { customerId: number | null }) => ({
    customerName: record.customerId === null ? null : (customers.names.get(record.customerId) ?? null),
  });
  return {
    cases: new InMemoryLegalStore<LegalCase, NewLegalCase>(customerName),
    violations: new InMemoryLegalStore<PolicyViolation, NewPolicyViolation>(customerName),
    documents: new InMemoryLegalStore<LegalDocument, NewLegalDocument>(),
    compliance: new InMemoryLegalStore<ComplianceReport, NewComplianceReport>(),
  } satisfies LegalStores;
}

/**
 * Record 1 of each kind, by staff member 3: a case under investigation, a pending violation, an active document and
 * a draft compliance report.
 */
export async function seedOneOfEach(stores: ReturnType<typeof makeLegalStores>): Promise<void> {
  await stores.cases.add({
    caseNumber: 'LC-2026-000001',
    title: 'Case',
    description: 'd',
    caseType: 'fraud',
    severity: 'medium',
    status: 'investigation',
    reportedBy: 3,
    customerId: null,
  });
  await stores.violations.add({
    violationType: 'spam',
    description: 'd',
    severity: 'low',
    status: 'pending',
    actionTaken: null,
    reportedBy: 3,
    reviewedBy: null,
    customerId: null,
  });
  await stores.documents.add({
    title: 'Terms',
    documentType: 'terms',
    version: '1.0',
    content: 'c',
    isActive: true,
    createdBy: 3,
  });
  await stores.compliance.add({
    title: 'Q1',
    reportType: 'quarterly',
    reportPeriod: '2026-Q1',
    description: 'd',
    status: 'draft',
    generatedBy: 3,
    publishedAt: null,
  });
}

/** Derives the next number from the stored cases, as the PostgreSQL adapter does under its lock. */
export class InMemoryCaseNumberSequence implements CaseNumberSequence {
  readonly #cases: { rows: LegalCase[] };
  constructor(cases: { rows: LegalCase[] }) {
    this.#cases = cases;
  }

  async next(year: number): Promise<number> {
    const taken = this.#cases.rows.map((c) => parseCaseSequence(c.caseNumber, year) ?? 0);
    return Math.max(0, ...taken) + 1;
  }
}
