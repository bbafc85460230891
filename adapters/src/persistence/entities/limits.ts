import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * The shared rate-limit counters, in rate-limiter-flexible's PostgreSQL layout (key, points, expire in epoch
 * milliseconds). The migration creates the table UNLOGGED: counters are cheap to lose in a crash and are
 * written on every request, so they skip the write-ahead log.
 */
export const RateLimitCounter = defineEntity({
  name: 'RateLimitCounter',
  tableName: 'rate_limits',
  properties: {
    key: p.text().primary(),
    points: p.integer().default(0),
    expire: p.bigint('number').nullable(),
  },
});
export type RateLimitCounterRecord = InferEntity<typeof RateLimitCounter>;
