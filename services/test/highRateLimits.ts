/**
 * Settings that lift the shared rate limits out of the way of test harnesses, gates and benchmarks, which fire many
 * requests from one loopback address against a database other runs share. The matrix, the fuzzer, the outage test
 * and `npm run bench:load` all lift them here, in one place. Tests of the limits themselves override single settings
 * after these (and use their own forwarded addresses to keep their counters apart).
 */
export const HIGH_RATE_LIMITS: Readonly<Record<string, string>> = Object.freeze({
  API_RATE_LIMIT_PER_MINUTE: '1000000',
  API_RATE_LIMIT_PER_10S: '1000000',
  STAFF_LOGIN_PER_ADDRESS_PER_MINUTE: '1000000',
  STAFF_LOGIN_GLOBAL_PER_MINUTE: '1000000',
  TEST_EMAIL_MAX_PER_WINDOW: '1000000',
  SUPPORT_TICKET_MAX_PER_WINDOW: '1000000',
  ROBLOX_VERIFY_CODE_PER_HOUR: '1000000',
  ROBLOX_USER_SEARCH_PER_MINUTE: '1000000',
});
