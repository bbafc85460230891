import { ContainerModule } from 'inversify';
import { PostgresRateLimiters } from '@groupflow/adapters/limits/PostgresRateLimiters';
import { LeasedRateLimiter } from '@groupflow/adapters/limits/LeasedRateLimiter';
import { bindFrom, TOKENS } from './tokens.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const TEN_SECONDS = 10_000;

export const limitsModule = new ContainerModule(({ bind }) => {
  bindFrom(bind, TOKENS.PostgresRateLimiters, [TOKENS.Orm], (orm) => new PostgresRateLimiters(orm)).inSingletonScope();
  bindFrom(bind, TOKENS.ApiRateLimiters, [TOKENS.Config, TOKENS.PostgresRateLimiters], (config, limiters) => {
    const { perMinute, per10Seconds, leaseShare: share } = config.rateLimits.api;
    // Counted on every call: leased, so a busy client costs a few shared writes per window, not one per call.
    const leased = (name: string, points: number, windowMs: number) =>
      new LeasedRateLimiter(limiters.limiter(name, { points, windowMs }), { share, windowMs });
    return [leased('api-minute', perMinute, MINUTE), leased('api-10s', per10Seconds, TEN_SECONDS)];
  }).inSingletonScope();
  bindFrom(bind, TOKENS.LoginThrottles, [TOKENS.Config, TOKENS.PostgresRateLimiters], (config, limiters) => {
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
  }).inSingletonScope();
  bindFrom(bind, TOKENS.SubmissionRateLimiter, [TOKENS.Config, TOKENS.PostgresRateLimiters], (config, limiters) =>
    limiters.limiter('support-submissions', {
      points: config.support.submissions.max,
      windowMs: config.support.submissions.windowMs,
    }),
  ).inSingletonScope();
  bindFrom(bind, TOKENS.TestEmailRateLimiter, [TOKENS.Config, TOKENS.PostgresRateLimiters], (config, limiters) =>
    limiters.limiter('test-email', {
      points: config.rateLimits.testEmail.max,
      windowMs: config.rateLimits.testEmail.windowMs,
    }),
  ).inSingletonScope();
  bindFrom(bind, TOKENS.RobloxVerifyCodeRateLimiter, [TOKENS.Config, TOKENS.PostgresRateLimiters], (config, limiters) =>
    limiters.limiter('roblox-verify-code', { points: config.roblox.quota.verifyCodePerHour, windowMs: HOUR }),
  ).inSingletonScope();
  bindFrom(bind, TOKENS.RobloxUserSearchRateLimiter, [TOKENS.Config, TOKENS.PostgresRateLimiters], (config, limiters) =>
    limiters.limiter('roblox-user-search', { points: config.roblox.quota.userSearchPerMinute, windowMs: MINUTE }),
  ).inSingletonScope();
  bindFrom(bind, TOKENS.ServerSyncStartLimiter, [TOKENS.Config, TOKENS.PostgresRateLimiters], (config, limiters) =>
    limiters.limiter('server-sync-starts', { points: config.rateLimits.serverSyncStartsPerHour, windowMs: HOUR }),
  ).inSingletonScope();
});
