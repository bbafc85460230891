import { describe, expect, it } from 'vitest';
import { ERROR_CODE_LIST, ERROR_CODE_PATTERN, ERROR_CODES } from './errorCodes.ts';
import { Conflict, Forbidden, Invalid, NotFound, TooManyAttempts, Unauthenticated, Unavailable } from './errors.ts';

describe('error codes', () => {
  it('are all AREA.REASON in capitals', () => {
    const malformed = ERROR_CODE_LIST.filter((code) => !/^[A-Z]+\.[A-Z_]+$/.test(code));
    expect(malformed).toEqual([]);
    expect(ERROR_CODE_LIST.every((code) => ERROR_CODE_PATTERN.test(code))).toBe(true);
  });

  it('name one meaning each: no two codes share a description', () => {
    const byMeaning = new Map<string, string[]>();
    for (const [code, meaning] of Object.entries(ERROR_CODES)) {
      byMeaning.set(meaning, [...(byMeaning.get(meaning) ?? []), code]);
    }
    const shared = [...byMeaning.values()].filter((codes) => codes.length > 1);
    expect(shared).toEqual([]);
  });

  it('travel with every kind of domain error, beside its unchanged message', () => {
    const errors = [
      new Invalid('REQUEST.INVALID', 'Invalid request', [{ path: ['name'], message: 'Required' }]),
      new Unauthenticated('AUTH.SIGN_IN_REQUIRED'),
      new Forbidden('ROBLOX.NOT_GROUP_MANAGER', 'no'),
      new NotFound('SUPPORT.TICKET_NOT_FOUND', 'Ticket not found'),
      new Conflict('SUPPORT.TICKET_CLAIMED', 'Ticket is claimed by another staff member'),
      new TooManyAttempts('STAFF.TOO_MANY_ATTEMPTS', 'wait', 60),
      new Unavailable('ROBLOX.UNAVAILABLE', 'Roblox is not answering'),
    ];
    expect(errors.map((error) => [error.kind, error.code])).toEqual([
      ['Invalid', 'REQUEST.INVALID'],
      ['Unauthenticated', 'AUTH.SIGN_IN_REQUIRED'],
      ['Forbidden', 'ROBLOX.NOT_GROUP_MANAGER'],
      ['NotFound', 'SUPPORT.TICKET_NOT_FOUND'],
      ['Conflict', 'SUPPORT.TICKET_CLAIMED'],
      ['TooManyAttempts', 'STAFF.TOO_MANY_ATTEMPTS'],
      ['Unavailable', 'ROBLOX.UNAVAILABLE'],
    ]);
    expect(new Unauthenticated('AUTH.SIGN_IN_REQUIRED').message).toBe('Authentication required');
  });
});
