/**
 * Staff sign-in to OWASP ASVS level 2 (issue 23) over HTTP against real PostgreSQL: TOTP two-factor authentication
 * (enrolment, the code step, replay, recovery codes, the owner's reset, required roles) and the device cookie that
 * keeps a distributed guesser from locking the owner out while capping its guesses per account.
 *
 * The rate-limit counters live in the run's shared database, so each test uses fresh members and addresses (TRUST_PROXY
 * with one trusted proxy: the rightmost X-Forwarded-For entry is the client).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomInt } from 'node:crypto';
import pg from 'pg';
import { generate } from 'otplib';
import { callApi, startTestApi, TEST_PASSWORD, type TestApi } from './apiHarness.ts';

const ACCOUNT_CAP = 50;
const DEVICE_COOKIE = 'gf_staff_device';

let api: TestApi;
let capped: TestApi;
let enforced: TestApi;
let db: pg.Client;
let dataDir: string;

const freshAddress = () => `198.19.${randomInt(256)}.${randomInt(1, 255)}`;
const from = (address: string, cookie?: string): Record<string, string> => ({
  'X-Forwarded-For': address,
  ...(cookie ? { cookie: `${DEVICE_COOKIE}=${cookie}` } : {}),
});

/** The TOTP code of `secret` `stepsAhead` 30 second steps from now (the server accepts one step of drift). */
const totp = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'groupflow-mfa-'));
  const proxied = { TRUST_PROXY: 'true', DATA_DIR: dataDir };
  [api, capped, enforced] = await Promise.all([
    startTestApi(proxied),
    startTestApi({ ...proxied, STAFF_LOGIN_ACCOUNT_MAX_FAILURES_PER_HOUR: String(ACCOUNT_CAP) }),
    startTestApi({ ...proxied, STAFF_MFA_REQUIRED_ROLES: 'head_platform, platform_owner' }),
  ]);
  db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
});

afterAll(async () => {
  await Promise.all([api?.close(), capped?.close(), enforced?.close(), db?.end()]);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const login = (on: TestApi, email: string, password: string, headers: Record<string, string> = from(freshAddress())) =>
  callApi(on.url, 'POST', '/api/staff/login', undefined, { email, password }, headers);
const codeStep = (on: TestApi, mfaToken: unknown, code: string, headers = from(freshAddress())) =>
  callApi(on.url, 'POST', '/api/staff/login/mfa', undefined, { mfaToken, code }, headers);
const deviceCookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`))
    ?.split(';')[0]
    ?.slice(DEVICE_COOKIE.length + 1);

/** The mails (.eml files under DATA_DIR/mail: no SMTP_URL in tests) sent to `email` with this subject. */
async function mailsTo(email: string, subject: string): Promise<string[]> {
  const dir = join(dataDir, 'mail');
  const names = await readdir(dir).catch(() => []);
  const mails = await Promise.all(names.map((name) => readFile(join(dir, name), 'utf8')));
  return mails.filter((mail) => mail.includes(`To: ${email}`) && mail.includes(`Subject: ${subject}`));
}

const isValid = async (on: TestApi, token: string) =>
  (await callApi(on.url, 'POST', '/api/staff/validate-token', token)).status === 200;

/** A member with two-factor authentication on: their secret, recovery codes and a session token. */
async function enrolled(on: TestApi, role: 'customer_support' | 'head_platform' = 'customer_support') {
  const member = await on.provisionStaff(role);
  const token = (await login(on, member.email, TEST_PASSWORD)).body!.token as string;
  const setup = await callApi(on.url, 'POST', '/api/staff/mfa/setup', token);
  const secret = setup.body!.secret as string;
  const enabled = await callApi(on.url, 'POST', '/api/staff/mfa/enable', token, { code: await totp(secret) });
  return { member, token, secret, setup, enabled, recoveryCodes: enabled.body!.recoveryCodes as string[] };
}

describe('enrolment', () => {
  it('sets up a secret with its otpauth URL and an SVG QR code, and turns on with a code from the app', async () => {
    const { member, token, secret, setup, enabled, recoveryCodes } = await enrolled(api);
    expect(setup.status).toBe(200);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body!.otpauthUrl).toMatch(/^otpauth:\/\/totp\/GroupFlow:/);
    expect(setup.body!.otpauthUrl).toContain(`secret=${secret}`);
    expect(setup.body!.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(enabled.status).toBe(200);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await callApi(api.url, 'POST', '/api/staff/validate-token', token)).body).toMatchObject({
      mfaEnabled: true,
      mustEnrollMfa: false,
    });

    // At rest: the secret sealed, the recovery codes as hashes only.
    const { rows } = await db.query<{ mfa_secret: string; mfa_pending_secret: string | null }>(
      'select mfa_secret, mfa_pending_secret from staff_users where id = $1',
      [member.id],
    );
    expect(rows[0]?.mfa_secret).toMatch(/^v1\./);
    expect(rows[0]?.mfa_secret).not.toContain(secret);
    expect(rows[0]?.mfa_pending_secret).toBeNull();
    const codes = await db.query<{ code_hash: string }>(
      'select code_hash from staff_mfa_recovery_codes where staff_user_id = $1',
      [member.id],
    );
    expect(codes.rows).toHaveLength(10);
    for (const code of recoveryCodes) expect(codes.rows.map((row) => row.code_hash)).not.toContain(code);
  });

  it("ends the member's other sessions, keeps the enrolling one, and mails the member of the enrolment", async () => {
    const member = await enforced.provisionStaff('head_platform');
    const [enrolling, other] = [await enforced.login(member.email), await enforced.login(member.email)];
    const setup = await callApi(enforced.url, 'POST', '/api/staff/mfa/setup', enrolling);
    const code = await totp(setup.body!.secret as string);
    expect((await callApi(enforced.url, 'POST', '/api/staff/mfa/enable', enrolling, { code })).status).toBe(200);
    expect(await isValid(enforced, enrolling)).toBe(true);
    expect(await isValid(enforced, other)).toBe(false);
    const mails = await mailsTo(member.email, 'An authenticator was enrolled on your GroupFlow staff account');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('If this was not you');
  });

  it('never sends the working secret back: a new setup while on is refused', async () => {
    const { token } = await enrolled(api);
    const again = await callApi(api.url, 'POST', '/api/staff/mfa/setup', token);
    expect(again.status).toBe(409);
    expect(again.body).not.toHaveProperty('secret');
  });

  it('refuses a wrong code with 400 naming code, and stays off', async () => {
    const member = await api.provisionStaff('customer_support');
    const token = await api.login(member.email);
    await callApi(api.url, 'POST', '/api/staff/mfa/setup', token);
    const refused = await callApi(api.url, 'POST', '/api/staff/mfa/enable', token, { code: '000000' });
    expect(refused.status).toBe(400);
    expect(refused.body?.issues).toEqual([expect.objectContaining({ path: ['code'] })]);
    expect((await login(api, member.email, TEST_PASSWORD)).body).toHaveProperty('token');
  });
});

describe('the code step', () => {
  it('answers mfaRequired and an mfaToken, no session, for the right password; the code then signs in', async () => {
    const { member, secret } = await enrolled(api);
    const first = await login(api, member.email, TEST_PASSWORD);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
    expect(deviceCookieOf(first.headers)).toBeUndefined();
    const second = await codeStep(api, first.body!.mfaToken, await totp(secret, 1));
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ token: expect.any(String), user: { id: member.id, mfaEnabled: true } });
    expect(deviceCookieOf(second.headers)).toBeTruthy();
    expect((await callApi(api.url, 'POST', '/api/staff/validate-token', second.body!.token as string)).status).toBe(
      200,
    );
  });

  it('accepts a TOTP code once, and an mfaToken once', async () => {
    const { member, secret } = await enrolled(api);
    const code = await totp(secret, 1);
    const { mfaToken } = (await login(api, member.email, TEST_PASSWORD)).body!;
    expect((await codeStep(api, mfaToken, code)).status).toBe(200);
    const replayed = await codeStep(api, (await login(api, member.email, TEST_PASSWORD)).body!.mfaToken, code);
    expect(replayed.status).toBe(401);
    expect(replayed.body?.message).toBe('Invalid authentication code');
    const reused = await codeStep(api, mfaToken, code);
    expect(reused.status).toBe(401);
  });

  it('accepts each recovery code once, in place of a TOTP code', async () => {
    const { member, recoveryCodes } = await enrolled(api);
    const [code] = recoveryCodes;
    const mfaToken = () => login(api, member.email, TEST_PASSWORD).then((answer) => answer.body!.mfaToken);
    expect((await codeStep(api, await mfaToken(), code!.toUpperCase())).status).toBe(200);
    expect((await codeStep(api, await mfaToken(), code!)).status).toBe(401);
    const { rows } = await db.query('select 1 from staff_mfa_recovery_codes where staff_user_id = $1', [member.id]);
    expect(rows).toHaveLength(9);
  });

  it('spends an mfaToken after 5 wrong codes, and mails the member once per mfaToken', async () => {
    const { member, secret } = await enrolled(api);
    const { mfaToken } = (await login(api, member.email, TEST_PASSWORD)).body!;
    for (let i = 0; i < 5; i += 1) {
      const wrong = await codeStep(api, mfaToken, '000000');
      expect(wrong.status).toBe(401);
      expect(wrong.body?.code).toBe('STAFF.MFA_WRONG_CODE');
    }
    const spent = await codeStep(api, mfaToken, await totp(secret, 1));
    expect(spent.status).toBe(401);
    expect(spent.body?.code).toBe('STAFF.MFA_CHALLENGE_EXPIRED');
    expect(await mailsTo(member.email, 'Someone who knows your GroupFlow password tried to sign in')).toHaveLength(1);
  });

  it('caps wrong codes per account across addresses and mfaTokens, below the cap for wrong passwords', async () => {
    const { member, secret } = await enrolled(api);
    // The default cap of 10: two mfaTokens' worth, each from new addresses.
    for (let ticket = 0; ticket < 2; ticket += 1) {
      const { mfaToken } = (await login(api, member.email, TEST_PASSWORD)).body!;
      for (let i = 0; i < 5; i += 1) expect((await codeStep(api, mfaToken, '000000')).status).toBe(401);
    }
    const { mfaToken } = (await login(api, member.email, TEST_PASSWORD)).body!;
    const refused = await codeStep(api, mfaToken, await totp(secret, 1));
    expect(refused.status).toBe(429);
    expect(refused.body?.message).toMatch(/Too many wrong codes for this account/);
  });

  it('refuses a made-up mfaToken, and bad input with 400', async () => {
    expect((await codeStep(api, 'not-a-token', '123456')).status).toBe(401);
    const bad = await codeStep(api, '', '');
    expect(bad.status).toBe(400);
  });

  it("turning it off ends the member's other sessions and keeps the one that asked", async () => {
    const { member, token, secret, recoveryCodes } = await enrolled(api);
    const { mfaToken } = (await login(api, member.email, TEST_PASSWORD)).body!;
    const other = (await codeStep(api, mfaToken, await totp(secret, 1))).body!.token as string;
    expect(await isValid(api, other)).toBe(true);
    const off = await callApi(api.url, 'POST', '/api/staff/mfa/disable', token, { code: recoveryCodes[0] });
    expect(off.status).toBe(204);
    expect(await isValid(api, token)).toBe(true);
    expect(await isValid(api, other)).toBe(false);
  });

  it('turns off with a current code; the password alone then signs in again', async () => {
    const { member, token, secret } = await enrolled(api);
    const wrong = await callApi(api.url, 'POST', '/api/staff/mfa/disable', token, { code: '000000' });
    expect(wrong.status).toBe(400);
    const off = await callApi(api.url, 'POST', '/api/staff/mfa/disable', token, { code: await totp(secret, 1) });
    expect(off.status).toBe(204);
    expect((await login(api, member.email, TEST_PASSWORD)).body).toMatchObject({ user: { mfaEnabled: false } });
  });
});

describe("the owner's reset", () => {
  it("turns off a member's two-factor authentication, ends their sessions and is in the activity log", async () => {
    const owner = await api.provisionStaff('platform_owner');
    const ownerToken = await api.login(owner.email);
    const { member, token } = await enrolled(api);
    const reset = await callApi(api.url, 'POST', '/api/staff/mfa/reset', ownerToken, { staffId: member.id });
    expect(reset.status).toBe(204);
    expect((await callApi(api.url, 'POST', '/api/staff/validate-token', token)).status).toBe(401);
    expect((await login(api, member.email, TEST_PASSWORD)).body).toHaveProperty('token');
    const activities = await callApi<Array<{ type: string; description: string }>>(
      api.url,
      'GET',
      '/api/staff/activities?limit=100',
      ownerToken,
    );
    expect(activities.body).toContainEqual(
      expect.objectContaining({ type: 'staff.mfa_reset', description: expect.stringContaining(member.username) }),
    );
  });

  it('is refused to a head of internal operations and to the member themselves, and changes nothing', async () => {
    const head = await api.provisionStaff('head_internal_operations');
    const { member, token } = await enrolled(api);
    for (const caller of [await api.login(head.email), token]) {
      const refused = await callApi(api.url, 'POST', '/api/staff/mfa/reset', caller, { staffId: member.id });
      expect(refused.status).toBe(403);
    }
    expect((await login(api, member.email, TEST_PASSWORD)).body).toHaveProperty('mfaRequired', true);
  });
});

describe('STAFF_MFA_REQUIRED_ROLES', () => {
  it('lets a member of such a role do nothing but enrol, then everything', async () => {
    const member = await enforced.provisionStaff('head_platform');
    const first = await login(enforced, member.email, TEST_PASSWORD);
    expect(first.body).toMatchObject({ user: { mustEnrollMfa: true, mfaEnabled: false } });
    const token = first.body!.token as string;
    const refused = await callApi(enforced.url, 'GET', '/api/staff/all', token);
    expect(refused.status).toBe(403);
    expect(refused.body?.message).toBe('Set up two-factor authentication first');
    expect((await callApi(enforced.url, 'POST', '/api/staff/validate-token', token)).body).toMatchObject({
      mustEnrollMfa: true,
    });

    const setup = await callApi(enforced.url, 'POST', '/api/staff/mfa/setup', token);
    const enabled = await callApi(enforced.url, 'POST', '/api/staff/mfa/enable', token, {
      code: await totp(setup.body!.secret as string),
    });
    expect(enabled.status).toBe(200);
    expect((await callApi(enforced.url, 'GET', '/api/staff/all', token)).status).toBe(200);
  });

  it('leaves other roles alone', async () => {
    const member = await enforced.provisionStaff('customer_support');
    const { body } = await login(enforced, member.email, TEST_PASSWORD);
    expect(body).toMatchObject({ user: { mustEnrollMfa: false } });
    expect((await callApi(enforced.url, 'GET', '/api/staff/all', body!.token as string)).status).toBe(200);
  });
});

describe('a distributed guesser (device cookies, the per-account cap)', () => {
  it('evaluates at most 50 of 200 wrong passwords for one email from 100 addresses; the owner with a device cookie still signs in', async () => {
    const owner = await capped.provisionStaff('platform_owner');
    const home = freshAddress();
    const signedIn = await login(capped, owner.email, TEST_PASSWORD, from(home));
    const cookie = deviceCookieOf(signedIn.headers);
    expect(cookie).toBeTruthy();
    expect(signedIn.headers.getSetCookie().join()).toMatch(/HttpOnly/i);
    expect(signedIn.headers.getSetCookie().join()).toMatch(/SameSite=Strict/i);

    const addresses = Array.from({ length: 100 }, (_, i) => `203.0.${113 + Math.floor(i / 250)}.${(i % 250) + 1}`);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => login(capped, owner.email, `wrong guess ${i}`, from(addresses[i % 100]!))),
    );
    const statuses = answers.map((answer) => answer.status);
    const evaluated = statuses.filter((status) => status === 401).length;
    expect(evaluated).toBeLessThanOrEqual(ACCOUNT_CAP);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(200 - ACCOUNT_CAP);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);

    // Untrusted: even the right password waits for the hour to end.
    const untrusted = await login(capped, owner.email, TEST_PASSWORD, from(freshAddress()));
    expect(untrusted.status).toBe(429);
    expect(Number(untrusted.headers.get('Retry-After'))).toBeGreaterThan(55 * 60);
    // Trusted: the owner's browser, from anywhere.
    const trusted = await login(capped, owner.email, TEST_PASSWORD, from(freshAddress(), cookie));
    expect(trusted.status).toBe(200);
    expect(trusted.body).toMatchObject({ user: { id: owner.id } });
    // Fifty slow password hashes on a shared machine.
  }, 180_000);

  it("does not trust another member's device cookie, or a forged one", async () => {
    const small = 4;
    const limited = await startTestApi({
      TRUST_PROXY: 'true',
      DATA_DIR: dataDir,
      STAFF_LOGIN_ACCOUNT_MAX_FAILURES_PER_HOUR: String(small),
      STAFF_MFA_ACCOUNT_MAX_WRONG_CODES_PER_HOUR: String(small - 1),
    });
    try {
      const [victim, attacker] = await Promise.all([
        limited.provisionStaff('customer_support'),
        limited.provisionStaff('customer_support'),
      ]);
      const attackersCookie = deviceCookieOf((await login(limited, attacker.email, TEST_PASSWORD)).headers)!;
      const tampered = `${attackersCookie.slice(0, -2)}xx`;
      for (let i = 0; i < small; i += 1) {
        const cookie = i % 2 === 0 ? attackersCookie : tampered;
        expect((await login(limited, victim.email, 'wrong guess', from(freshAddress(), cookie))).status).toBe(401);
      }
      const refused = await login(limited, victim.email, TEST_PASSWORD, from(freshAddress(), attackersCookie));
      expect(refused.status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('counts one IPv6 /64 as one address', async () => {
    const limited = await startTestApi({
      TRUST_PROXY: 'true',
      DATA_DIR: dataDir,
      STAFF_LOGIN_PER_ADDRESS_PER_MINUTE: '3',
    });
    try {
      const prefix = `2001:db8:${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`;
      for (let i = 1; i <= 3; i += 1) {
        const answer = await login(limited, `nobody${i}@groupflow.test`, 'wrong guess', from(`${prefix}::${i}`));
        expect(answer.status).toBe(401);
      }
      expect((await login(limited, 'nobody@groupflow.test', 'wrong guess', from(`${prefix}:1:2:3:4`))).status).toBe(
        429,
      );
      expect((await login(limited, 'nobody@groupflow.test', 'wrong guess', from(`${prefix}1::1`))).status).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('the global limit counts failures only, and never refuses a trusted attempt', async () => {
    const limited = await startTestApi({ TRUST_PROXY: 'true', DATA_DIR: dataDir, STAFF_LOGIN_GLOBAL_PER_MINUTE: '5' });
    try {
      const owner = await limited.provisionStaff('platform_owner');
      // Signed in through another process (same secret): the global key is shared with every test of the run.
      const cookie = deviceCookieOf((await login(api, owner.email, TEST_PASSWORD)).headers);
      for (let i = 0; i < 5; i += 1) await login(limited, `nobody${i}@groupflow.test`, 'wrong guess');
      expect((await login(limited, owner.email, TEST_PASSWORD)).status).toBe(429);
      expect((await login(limited, owner.email, TEST_PASSWORD, from(freshAddress(), cookie))).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('device cookies end with a password reset, a two-factor reset and the account', () => {
  const CAP = 4;
  let guarded: TestApi;
  let ownerToken: string;

  beforeAll(async () => {
    guarded = await startTestApi({
      TRUST_PROXY: 'true',
      DATA_DIR: dataDir,
      STAFF_LOGIN_ACCOUNT_MAX_FAILURES_PER_HOUR: String(CAP),
      STAFF_MFA_ACCOUNT_MAX_WRONG_CODES_PER_HOUR: String(CAP - 1),
    });
    ownerToken = await guarded.login((await guarded.provisionStaff('platform_owner')).email);
  });
  afterAll(() => guarded?.close());

  /**
   * Spends the untrusted per-account cap with wrong passwords carrying the cookie, then signs in with it: a trusted
   * cookie is counted on its own key and gets in (200); a disowned one meets the spent cap (429).
   */
  async function signInAfterGuessesWith(email: string, cookie: string, password: string): Promise<number> {
    for (let i = 0; i < CAP; i += 1) {
      expect((await login(guarded, email, 'wrong guess', from(freshAddress(), cookie))).status).toBe(401);
    }
    return (await login(guarded, email, password, from(freshAddress(), cookie))).status;
  }

  it('a password reset disowns the cookies of that member only', async () => {
    const [member, bystander] = await Promise.all([
      guarded.provisionStaff('customer_support'),
      guarded.provisionStaff('customer_support'),
    ]);
    const cookie = deviceCookieOf((await login(guarded, member.email, TEST_PASSWORD)).headers)!;
    const bystanders = deviceCookieOf((await login(guarded, bystander.email, TEST_PASSWORD)).headers)!;
    const reset = await callApi(guarded.url, 'POST', '/api/staff/reset-password', ownerToken, { email: member.email });
    expect(reset.status).toBe(200);
    expect(await signInAfterGuessesWith(member.email, cookie, reset.body!.tempPassword as string)).toBe(429);
    expect(await signInAfterGuessesWith(bystander.email, bystanders, TEST_PASSWORD)).toBe(200);
  });

  it('a two-factor reset disowns the cookies of that member', async () => {
    const { member, secret } = await enrolled(guarded);
    const { mfaToken } = (await login(guarded, member.email, TEST_PASSWORD)).body!;
    const cookie = deviceCookieOf((await codeStep(guarded, mfaToken, await totp(secret, 1))).headers)!;
    const reset = await callApi(guarded.url, 'POST', '/api/staff/mfa/reset', ownerToken, { staffId: member.id });
    expect(reset.status).toBe(204);
    expect(await signInAfterGuessesWith(member.email, cookie, TEST_PASSWORD)).toBe(429);
  });

  it("a deleted account's cookies are not trusted for a new account under the same email", async () => {
    const member = await guarded.provisionStaff('customer_support');
    const cookie = deviceCookieOf((await login(guarded, member.email, TEST_PASSWORD)).headers)!;
    expect((await callApi(guarded.url, 'DELETE', `/api/staff/${member.id}`, ownerToken)).status).toBe(204);
    const password = 'Issued-Password-2026';
    const created = await callApi(guarded.url, 'POST', '/api/staff/create', ownerToken, {
      username: `${member.username}-again`,
      email: member.email,
      password,
      role: 'customer_support',
    });
    expect(created.status).toBe(201);
    expect(await signInAfterGuessesWith(member.email, cookie, password)).toBe(429);
  });
});
