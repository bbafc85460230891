/** Readable, sortable case numbers: LC-2026-000123 (at least six digits; the year restarts the count). */
export function formatCaseNumber(year: number, sequence: number): string {
  return `${caseNumberPrefix(year)}${String(sequence).padStart(6, '0')}`;
}

/** What every case number of the year starts with; the sequence follows it. */
export function caseNumberPrefix(year: number): string {
  return `LC-${year}-`;
}

export const CASE_NUMBER_PATTERN = /^LC-(\d{4})-(\d{6,})$/;

/** The sequence part of a case number of the given year, or null for any other text. */
export function parseCaseSequence(caseNumber: string, year: number): number | null {
  const match = CASE_NUMBER_PATTERN.exec(caseNumber);
  if (!match || Number(match[1]) !== year) return null;
  return Number(match[2]);
}
