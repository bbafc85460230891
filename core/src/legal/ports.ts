import type { LegalKind, LegalRecordOf, NewLegalRecordOf } from './legalRecords.ts';

/** One page of a list: newest first (highest id first); `beforeId` continues after the last row of the previous page. */
export interface LegalPage {
  limit: number;
  beforeId?: number | undefined;
}

/** Storage of one legal record kind. */
export interface LegalRecordStore<R extends { id: number }, N> {
  add(record: N): Promise<R>;
  findById(id: number): Promise<R | null>;
  list(page: LegalPage): Promise<R[]>;
  /** Rows matching every given field (all rows when empty). */
  count(where?: Partial<R>): Promise<number>;
  /**
   * Writes `changes` only while the stored row still matches `expected`, and says whether it did, so of two
   * racing status changes from the same state exactly one applies.
   */
  updateIf(id: number, expected: Partial<R>, changes: Partial<R>): Promise<boolean>;
}

export type LegalStores = {
  [K in LegalKind]: LegalRecordStore<LegalRecordOf[K], NewLegalRecordOf[K]>;
};

/** The customer accounts a case or a violation report may name: only one that exists. */
export interface LegalCustomers {
  exists(customerId: number): Promise<boolean>;
}

/**
 * The running number of legal cases per year. `next` must run inside the transaction that inserts the case:
 * it holds creators of the same year in turn until that transaction ends, so numbers have neither gaps nor
 * duplicates, and a rolled-back insert gives its number back.
 */
export interface CaseNumberSequence {
  next(year: number): Promise<number>;
}
