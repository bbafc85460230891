import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://db/groupflow',
  SESSION_SECRET: 'a long random secret of at least 32 bytes',
  PUBLIC_URL: 'https://groupflow.example',
  TRUST_PROXY: 'true',
  LEADERSHIP_EMAIL: 'leadership@groupflow.example',
};

describe('loadConfig', () => {
  it('starts in production with every required variable', () => {
    expect(loadConfig(PRODUCTION)).toMatchObject({ env: 'production', trustProxy: true });
  });

  it.each(['DATABASE_URL', 'SESSION_SECRET', 'PUBLIC_URL', 'LEADERSHIP_EMAIL'])(
    'refuses production without %s, naming it',
    (name) => {
      const env: Record<string, string> = { ...PRODUCTION };
      delete env[name];
      expect(() => loadConfig(env)).toThrow(new RegExp(name));
    },
  );

  it('refuses production outside a TLS proxy, where no secure session cookie could be set', () => {
    expect(() => loadConfig({ ...PRODUCTION, TRUST_PROXY: 'false' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...PRODUCTION, TRUST_PROXY: 'false' })).toThrow(/TRUST_PROXY=true/);
  });

  it('refuses production with a SESSION_SECRET under 32 bytes, saying how long it must be (issue 14)', () => {
    expect(() => loadConfig({ ...PRODUCTION, SESSION_SECRET: 'x'.repeat(31) })).toThrow(
      /SESSION_SECRET must be at least 32 bytes.*it has 31/,
    );
    expect(loadConfig({ ...PRODUCTION, SESSION_SECRET: 'x'.repeat(32) }).sessionSecret).toHaveLength(32);
    // Bytes, not characters: 16 two-byte characters are enough.
    expect(loadConfig({ ...PRODUCTION, SESSION_SECRET: 'é'.repeat(16) }).env).toBe('production');
    expect(loadConfig({ SESSION_SECRET: 'short' }).sessionSecret).toBe('short');
  });

  it.each(['http://localhost:5000', 'http://127.0.0.1:5000', 'http://[::1]:5000', 'http://app.localhost'])(
    'runs the development OAuth providers on the loopback PUBLIC_URL %s',
    (url) => {
      expect(loadConfig({ PUBLIC_URL: url }).oauth.discord).toMatchObject({ dev: true, usable: true });
    },
  );

  it.each(['http://groupflow.test', 'http://192.168.1.10:5000', 'http://127.0.0.1.evil.test'])(
    'refuses to start with the development OAuth providers when PUBLIC_URL is %s, not loopback (issue 23)',
    (url) => {
      expect(() => loadConfig({ PUBLIC_URL: url })).toThrow(ConfigError);
      expect(() => loadConfig({ PUBLIC_URL: url })).toThrow(/NODE_ENV.*PUBLIC_URL.*HOST.*DISCORD_CLIENT_ID/s);
    },
  );

  it.each(['0.0.0.0', '::', '192.168.1.10', 'groupflow.test', '127.0.0.1.evil.test'])(
    'refuses to start with the development OAuth providers when HOST is %s, not loopback (issue 23)',
    (host) => {
      expect(() => loadConfig({ HOST: host, PUBLIC_URL: 'http://localhost:5000' })).toThrow(
        /HOST is a loopback address.*HOST=/s,
      );
    },
  );

  it.each(['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.0.2'])(
    'runs the development OAuth providers on the loopback HOST %s',
    (host) => {
      expect(loadConfig({ HOST: host, PUBLIC_URL: 'http://localhost:5000' }).oauth.roblox).toMatchObject({
        dev: true,
        usable: true,
      });
    },
  );

  it('names the Roblox variables when only Discord has credentials, and starts with both set anywhere', () => {
    const discord = { DISCORD_CLIENT_ID: 'id', DISCORD_CLIENT_SECRET: 'secret' };
    expect(() => loadConfig({ ...discord, HOST: '0.0.0.0' })).toThrow(/ROBLOX_CLIENT_ID and ROBLOX_CLIENT_SECRET/);
    const both = { ...discord, ROBLOX_CLIENT_ID: 'id', ROBLOX_CLIENT_SECRET: 'secret' };
    expect(loadConfig({ ...both, HOST: '0.0.0.0', PUBLIC_URL: 'https://groupflow.example' }).oauth).toMatchObject({
      discord: { dev: false, usable: true },
      roblox: { dev: false, usable: true },
    });
  });

  it('never runs the development OAuth providers in production, wherever it listens', () => {
    const config = loadConfig({ ...PRODUCTION, HOST: '0.0.0.0' });
    expect(config.oauth.discord).toMatchObject({ dev: false, usable: false });
    expect(config.oauth.roblox).toMatchObject({ dev: false, usable: false });
  });

  it('wants both first-owner variables or neither', () => {
    expect(() => loadConfig({ STAFF_OWNER_EMAIL: 'owner@groupflow.test' })).toThrow(/STAFF_OWNER_PASSWORD/);
    expect(
      loadConfig({ STAFF_OWNER_EMAIL: 'owner@groupflow.test', STAFF_OWNER_PASSWORD: 'long secret' }).staff.owner,
    ).toEqual({
      email: 'owner@groupflow.test',
      password: 'long secret',
    });
  });

  it('writes mail to files under the data directory until SMTP_URL is set', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/gf' }).mail.transport).toEqual({ kind: 'files', dir: '/tmp/gf/mail' });
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).mail.transport).toEqual({
      kind: 'smtp',
      url: 'smtp://127.0.0.1:2525',
    });
  });

  it('trusts one proxy by default behind TRUST_PROXY, none without it, and TRUSTED_PROXY_COUNT when set', () => {
    expect(loadConfig({}).trustedProxyCount).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustedProxyCount).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true', TRUSTED_PROXY_COUNT: '2' }).trustedProxyCount).toBe(2);
  });

  it('defaults the shared rate limits to the documented figures', () => {
    expect(loadConfig({}).rateLimits).toEqual({
      api: { perMinute: 200, per10Seconds: 50, leaseShare: 0.25 },
      staffLogin: {
        perAddressPerMinute: 20,
        globalPerMinute: 300,
        accountMaxFailuresPerHour: 50,
        accountMaxWrongCodesPerHour: 10,
      },
      testEmail: { max: 5, windowMs: 60 * 60_000 },
      serverSyncStartsPerHour: 6,
    });
  });

  it('defaults the Roblox quota, image and activity report settings to the documented figures (issue 23)', () => {
    const { roblox } = loadConfig({});
    expect(roblox.quota).toEqual({ verifyCodePerHour: 10, userSearchPerMinute: 30 });
    expect(roblox.api).toMatchObject({ imageHosts: ['*.rbxcdn.com'], imageMaxBytes: 1024 * 1024 });
    expect(roblox.activity).toMatchObject({ reportMaxAgeMs: 5 * 60_000, receiptSweepMs: 60_000 });
    expect(loadConfig({ ROBLOX_IMAGE_HOSTS: ' tr.rbxcdn.com, *.cdn.example ,' }).roblox.api.imageHosts).toEqual([
      'tr.rbxcdn.com',
      '*.cdn.example',
    ]);
  });

  it('requires two-factor authentication of the four leading roles in production only, unless told otherwise', () => {
    expect(loadConfig(PRODUCTION).staff.mfa.requiredRoles).toEqual([
      'platform_owner',
      'head_internal_operations',
      'head_platform',
      'director_legal_affairs_safety',
    ]);
    expect(loadConfig({}).staff.mfa.requiredRoles).toEqual([]);
    expect(loadConfig({ ...PRODUCTION, STAFF_MFA_REQUIRED_ROLES: '' }).staff.mfa.requiredRoles).toEqual([]);
    expect(
      loadConfig({ STAFF_MFA_REQUIRED_ROLES: ' customer_support, head_platform ' }).staff.mfa.requiredRoles,
    ).toEqual(['customer_support', 'head_platform']);
    expect(() => loadConfig({ STAFF_MFA_REQUIRED_ROLES: 'platform_owner,king' })).toThrow(/unknown roles: king/);
  });

  it('defaults the staff sign-in settings to the documented figures', () => {
    const { staff } = loadConfig({});
    expect(staff.auth).toMatchObject({ mfaTokenLifetimeMs: 5 * 60_000 });
    expect(staff.deviceCookieMaxAgeMs).toBe(180 * 24 * 60 * 60_000);
    expect(staff.mfa.issuer).toBe('GroupFlow');
    expect(staff.mfa.codeAttempts).toBe(5);
  });

  it('refuses a wrong-code cap that is not below the wrong-password cap', () => {
    expect(() =>
      loadConfig({ STAFF_MFA_ACCOUNT_MAX_WRONG_CODES_PER_HOUR: '50', STAFF_LOGIN_ACCOUNT_MAX_FAILURES_PER_HOUR: '50' }),
    ).toThrow(/STAFF_MFA_ACCOUNT_MAX_WRONG_CODES_PER_HOUR must be below/);
  });
});
