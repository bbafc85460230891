import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isPoolExhausted } from './databaseUnavailable.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises a database that cannot be reached, also as the cause of a wrapping error', () => {
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connection failure', '08006'))).toBe(true);
    // pg's own connect timeout (DATABASE_CONNECT_TIMEOUT_MS) and pg-pool's when it kills a slow new connection.
    expect(isDatabaseUnavailable(new Error('timeout expired'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated due to connection timeout'))).toBe(true);
    expect(
      isDatabaseUnavailable(new Error('select failed', { cause: new Error('Connection terminated unexpectedly') })),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], '')),
    ).toBe(true);
  });

  it('leaves bugs and constraint errors alone (they stay 500s or their own answers)', () => {
    expect(isDatabaseUnavailable(withCode('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });

  it('tells a wait for a free pooled connection (load) apart from an outage', () => {
    const queued = new Error('timeout exceeded when trying to connect');
    expect(isDatabaseUnavailable(queued)).toBe(false);
    expect(isPoolExhausted(queued)).toBe(true);
    expect(isPoolExhausted(new Error('select failed', { cause: queued }))).toBe(true);
    expect(isPoolExhausted(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(false);
  });
});
