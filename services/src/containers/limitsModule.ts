import { ContainerModule } from 'inversify';
import type { LoginThrottles, RateLimiter } from '@groupflow/core';
import { PostgresRateLimiters } from '@groupflow/adapters/limits/PostgresRateLimiters';
import { LeasedRateLimiter } from '@groupflow/adapters/limits/LeasedRateLimiter';
import type { Orm } from '@groupflow/adapters/persistence/database';
import type { Config } from '../config.ts';
import { TOKENS } from './tokens.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const TEN_SECONDS = 10_000;

/** The shared rate limits; each name keeps its counters apart in the rate_limits table. */
export const LIMITS = {
  Factory: Symbol.for('PostgresRateLimiters'),
  /** Both API-wide limits per client address, the minute and the burst one. */
  Api: Symbol.for('ApiRateLimiters'),
  StaffLogin: Symbol.for('LoginThrottles'),
  /** Public tickets and password-reset requests per client address. */
  Submissions: Symbol.for('SubmissionRateLimiter'),
  TestEmail: Symbol.for('TestEmailRateLimiter'),
  /** Roblox profile-code checks per customer (each reads the profile past our cache). */
  RobloxVerifyCode: Symbol.for('RobloxVerifyCodeRateLimiter'),
  /** Roblox user searches per customer. */
  RobloxUserSearch: Symbol.for('RobloxUserSearchRateLimiter'),
} as const;

export const limitsModule = new ContainerModule(({ bind }) => {
  bind(LIMITS.Factory)
    .toResolvedValue((orm: Orm) => new PostgresRateLimiters(orm), [TOKENS.Orm])
    .inSingletonScope();
  bind<RateLimiter[]>(LIMITS.Api)
    .toResolvedValue(
      (config: Config, limiters: PostgresRateLimiters) => {
        const { perMinute, per10Seconds, leaseShare: share } = config.rateLimits.api;
        // Counted on every call: leased, so a busy client costs a few shared writes per window, not one per call.
        const leased = (name: string, points: number, windowMs: number) =>
          new LeasedRateLimiter(limiters.limiter(name, { points, windowMs }), { share, windowMs });
        return [leased('api-minute', perMinute, MINUTE), leased('api-10s', per10Seconds, TEN_SECONDS)];
      },
      [TOKENS.Config, LIMITS.Factory],
    )
    .inSingletonScope();
  bind<LoginThrottles>(LIMITS.StaffLogin)
    .toResolvedValue(
      (config: Config, limiters: PostgresRateLimiters) => {
        const { auth } = config.staff;
        return {
          account: limiters.limiter('staff-login-account', {
            points: auth.maxFailedAttempts,
            windowMs: auth.failureWindowMs,
            blockMs: auth.lockoutMs,
          }),
          // No block: the hour's window itself ends the refusal.
          accountCap: limiters.limiter('staff-login-account-cap', {
            points: config.rateLimits.staffLogin.accountMaxFailuresPerHour,
            windowMs: HOUR,
          }),
          perAddress: limiters.limiter('staff-login-address', {
            points: config.rateLimits.staffLogin.perAddressPerMinute,
            windowMs: MINUTE,
          }),
          global: limiters.limiter('staff-login-global', {
            points: config.rateLimits.staffLogin.globalPerMinute,
            windowMs: MINUTE,
          }),
        };
      },
      [TOKENS.Config, LIMITS.Factory],
    )
    .inSingletonScope();
  bind<RateLimiter>(LIMITS.Submissions)
    .toResolvedValue(
      (config: Config, limiters: PostgresRateLimiters) =>
        limiters.limiter('support-submissions', {
          points: config.support.submissions.max,
          windowMs: config.support.submissions.windowMs,
        }),
      [TOKENS.Config, LIMITS.Factory],
    )
    .inSingletonScope();
  bind<RateLimiter>(LIMITS.TestEmail)
    .toResolvedValue(
      (config: Config, limiters: PostgresRateLimiters) =>
        limiters.limiter('test-email', {
          points: config.rateLimits.testEmail.max,
          windowMs: config.rateLimits.testEmail.windowMs,
        }),
      [TOKENS.Config, LIMITS.Factory],
    )
    .inSingletonScope();
  bind<RateLimiter>(LIMITS.RobloxVerifyCode)
    .toResolvedValue(
      (config: Config, limiters: PostgresRateLimiters) =>
        limiters.limiter('roblox-verify-code', { points: config.roblox.quota.verifyCodePerHour, windowMs: HOUR }),
      [TOKENS.Config, LIMITS.Factory],
    )
    .inSingletonScope();
  bind<RateLimiter>(LIMITS.RobloxUserSearch)
    .toResolvedValue(
      (config: Config, limiters: PostgresRateLimiters) =>
        limiters.limiter('roblox-user-search', { points: config.roblox.quota.userSearchPerMinute, windowMs: MINUTE }),
      [TOKENS.Config, LIMITS.Factory],
    )
    .inSingletonScope();
});
