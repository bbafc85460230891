/**
 * Limits high enough that a gate's or a benchmark's thousands of calls from one address are judged on their
 * merits, not throttled. The shared rate-limit settings of issue 14 belong here too, so the matrix, the fuzzer,
 * the outage test and `npm run bench:load` all lift them in one place.
 */
export const HIGH_LIMITS: Record<string, string> = {
  SUPPORT_TICKET_MAX_PER_WINDOW: '1000000',
};
