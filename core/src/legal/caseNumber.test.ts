import { describe, expect, it } from 'vitest';
import { formatCaseNumber, parseCaseSequence } from './caseNumber.ts';

describe('case numbers', () => {
  it('reads LC-year-sequence with six digits', () => {
    expect(formatCaseNumber(2026, 123)).toBe('LC-2026-000123');
    expect(formatCaseNumber(2026, 1)).toBe('LC-2026-000001');
  });

  it('grows past six digits instead of wrapping', () => {
    expect(formatCaseNumber(2026, 1234567)).toBe('LC-2026-1234567');
  });

  it('parses back only numbers of the asked year', () => {
    expect(parseCaseSequence('LC-2026-000123', 2026)).toBe(123);
    expect(parseCaseSequence('LC-2025-000123', 2026)).toBeNull();
    expect(parseCaseSequence('something else', 2026)).toBeNull();
  });
});
