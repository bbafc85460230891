import { ContainerModule } from 'inversify';
import type { LoginThrottles, RateLimiter, RefundableRateLimiter } from '@groupflow/core';
import { PostgresRateLimiters } from '@groupflow/adapters/limits/PostgresRateLimiters';
import { LeasedRateLimiter } from '@groupflow/adapters/limits/LeasedRateLimiter';
import type { Orm } from '@groupflow/adapters/persistence/database';
import type { Config } from '../config.ts';
import { TOKENS } from './tokens.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const TEN_SECONDS = 10_000;

export const limitsModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.PostgresRateLimiters)
    .toResolvedValue((orm: Orm) => new PostgresRateLimiters(orm), [TOKENS.Orm])
    .inSingletonScope();
  bind<RateLimiter[]>(TOKENS.ApiRateLimiters)
    .toResolvedValue(
      (config: Config, limiters: PostgresRateLimiters) => {
        const { perMinute, per10Seconds, leaseShare: share } = config.rateLimits.api;
        // Counted on every call: leased, so a busy client costs a few shared writes per window, not one per call.
        const leased = (name: string, points: number, windowMs: number) =>
          new LeasedRateLimiter(limiters.limiter(name, { points, windowMs }), { share, windowMs });
        return [leased('api-minute', perMinute, MINUTE), leased('api-10s', per10Seconds, TEN_SECONDS)];
      },
      [TOKENS.Config, TOKENS.PostgresRateLimiters],
    )
    .inSingletonScope();
  bind<LoginThrottles>(TOKENS.LoginThrottles)
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
          wrongCodes: limiters.limiter('staff-login-wrong-codes', {
            points: config.rateLimits.staffLogin.accountMaxWrongCodesPerHour,
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
      [TOKENS.Config, TOKENS.PostgresRateLimiters],
    )
    .inSingletonScope();
  bind<RateLimiter>(TOKENS.SubmissionRateLimiter)
    .toResolvedValue(
      (config: Config, limiters: PostgresRateLimiters) =>
        limiters.limiter('support-submissions', {
          points: config.support.submissions.max,
          windowMs: config.support.submissions.windowMs,
        }),
      [TOKENS.Config, TOKENS.PostgresRateLimiters],
    )
    .inSingletonScope();
  bind<RateLimiter>(TOKENS.TestEmailRateLimiter)
    .toResolvedValue(
      (config: Config, limiters: PostgresRateLimiters) =>
        limiters.limiter('test-email', {
          points: config.rateLimits.testEmail.max,
          windowMs: config.rateLimits.testEmail.windowMs,
        }),
      [TOKENS.Config, TOKENS.PostgresRateLimiters],
    )
    .inSingletonScope();
  bind<RateLimiter>(TOKENS.RobloxVerifyCodeRateLimiter)
    .toResolvedValue(
      (config: Config, limiters: PostgresRateLimiters) =>
        limiters.limiter('roblox-verify-code', { points: config.roblox.quota.verifyCodePerHour, windowMs: HOUR }),
      [TOKENS.Config, TOKENS.PostgresRateLimiters],
    )
    .inSingletonScope();
  bind<RateLimiter>(TOKENS.RobloxUserSearchRateLimiter)
    .toResolvedValue(
      (config: Config, limiters: PostgresRateLimiters) =>
        limiters.limiter('roblox-user-search', { points: config.roblox.quota.userSearchPerMinute, windowMs: MINUTE }),
      [TOKENS.Config, TOKENS.PostgresRateLimiters],
    )
    .inSingletonScope();
  bind<RefundableRateLimiter>(TOKENS.ServerSyncStartLimiter)
    .toResolvedValue(
      (config: Config, limiters: PostgresRateLimiters) =>
        limiters.limiter('server-sync-starts', { points: config.rateLimits.serverSyncStartsPerHour, windowMs: HOUR }),
      [TOKENS.Config, TOKENS.PostgresRateLimiters],
    )
    .inSingletonScope();
});
