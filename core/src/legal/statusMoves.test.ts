import { describe, expect, it } from 'vitest';
import { CASE_STATUSES, REPORT_STATUSES, VIOLATION_STATUSES } from './legalRecords.ts';
import { CASE_MOVES, REPORT_MOVES, VIOLATION_MOVES, canMove } from './statusMoves.ts';

describe('legal status moves', () => {
  it('name a move for every status the spec lists, and only those statuses', () => {
    expect(Object.keys(CASE_MOVES).sort()).toEqual([...CASE_STATUSES].sort());
    expect(Object.keys(VIOLATION_MOVES).sort()).toEqual([...VIOLATION_STATUSES].sort());
    expect(Object.keys(REPORT_MOVES).sort()).toEqual([...REPORT_STATUSES].sort());
  });

  it('never allow staying in place', () => {
    for (const moves of [CASE_MOVES, VIOLATION_MOVES, REPORT_MOVES] as Record<string, readonly string[]>[]) {
      for (const [from, targets] of Object.entries(moves)) expect(targets).not.toContain(from);
    }
  });

  it('let a case go forward, step back to investigation, and be reopened once resolved', () => {
    expect(canMove(CASE_MOVES, 'investigation', 'review')).toBe(true);
    expect(canMove(CASE_MOVES, 'review', 'investigation')).toBe(true);
    expect(canMove(CASE_MOVES, 'resolved', 'investigation')).toBe(true);
    expect(canMove(CASE_MOVES, 'resolved', 'review')).toBe(false);
  });

  it('make closed and published final', () => {
    expect(CASE_MOVES.closed).toEqual([]);
    expect(VIOLATION_MOVES.closed).toEqual([]);
    expect(REPORT_MOVES.published).toEqual([]);
    expect(canMove(REPORT_MOVES, 'draft', 'published')).toBe(true);
  });

  it('do not take an action back once taken', () => {
    expect(canMove(VIOLATION_MOVES, 'action_taken', 'pending')).toBe(false);
    expect(canMove(VIOLATION_MOVES, 'action_taken', 'resolved')).toBe(true);
  });

  it('allow nothing from a status outside the list', () => {
    expect(canMove(CASE_MOVES, 'archived', 'closed')).toBe(false);
    expect(canMove(CASE_MOVES, 'toString', 'closed')).toBe(false);
  });
});
