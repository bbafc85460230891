/**
 * The shared rate limits over HTTP against real PostgreSQL (issue 14): staff logins counted before the password
 * is checked, per email and address; the API-wide limit per client address, shared by two API processes and not
 * lifted by a spoofed X-Forwarded-For; password changes; the staff-only test email.
 *
 * The counters live in the run's shared database, so every test speaks from an address of its own (TRUST_PROXY
 * with one trusted proxy: the rightmost X-Forwarded-For entry is the client).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomInt } from 'node:crypto';
import { callApi, startTestApi, TEST_PASSWORD, type TestApi } from './apiHarness.ts';

const LOCKOUT_THRESHOLD = 10;
/** Above the lockout threshold, so the account lock is what stops one email; low, since each attempt hashes. */
const LOGINS_PER_ADDRESS = 12;
const TEST_EMAILS_PER_WINDOW = 2;
const API_BURST = 5;
const SUBMISSIONS_PER_WINDOW = 2;

let logins: TestApi;
let limitedA: TestApi;
let limitedB: TestApi;
let dataDir: string;

/** A documentation-range address no other test uses. */
const freshAddress = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
const group = () => randomInt(0x10000).toString(16);
/** The first four groups of a documentation-range IPv6 /64 no other test uses. */
const freshPrefix = () => `2001:db8:${group()}:${group()}`;
/** Another address in the /64 each time: one subscriber stepping through the addresses its provider gave it. */
const inPrefix = (prefix: string) => `${prefix}:${group()}:${group()}:${group()}:${group()}`;
const from = (address: string) => ({ 'X-Forwarded-For': address });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'groupflow-limits-'));
  const proxied = { TRUST_PROXY: 'true', DATA_DIR: dataDir };
  logins = await startTestApi({
    ...proxied,
    STAFF_LOGIN_MAX_FAILURES: String(LOCKOUT_THRESHOLD),
    STAFF_LOGIN_PER_ADDRESS_PER_MINUTE: String(LOGINS_PER_ADDRESS),
    TEST_EMAIL_MAX_PER_WINDOW: String(TEST_EMAILS_PER_WINDOW),
    SUPPORT_TICKET_MAX_PER_WINDOW: String(SUBMISSIONS_PER_WINDOW),
  });
  const limited = { ...proxied, API_RATE_LIMIT_PER_10S: String(API_BURST), API_RATE_LIMIT_PER_MINUTE: '200' };
  limitedA = await startTestApi(limited);
  limitedB = await startTestApi(limited);
});

afterAll(async () => {
  await Promise.all([logins?.close(), limitedA?.close(), limitedB?.close()]);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const login = (email: string, password: string, address: string) =>
  callApi(logins.url, 'POST', '/api/staff/login', undefined, { email, password }, from(address));

describe('staff login', () => {
  it('evaluates at most the lockout threshold of 30 concurrent wrong passwords and refuses the rest with 429', async () => {
    const member = await logins.provisionStaff('customer_support');
    const address = freshAddress();
    const answers = await Promise.all(Array.from({ length: 30 }, () => login(member.email, 'wrong password', address)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(LOCKOUT_THRESHOLD);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(30 - LOCKOUT_THRESHOLD);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(refused.body?.message).toMatch(/Too many/);

    // The right password from the attacker's address stays locked; the owner elsewhere signs in.
    expect((await login(member.email, TEST_PASSWORD, address)).status).toBe(429);
    expect((await login(member.email, TEST_PASSWORD, freshAddress())).status).toBe(200);
  });

  it('throttles one address across many emails', async () => {
    const address = freshAddress();
    for (let i = 0; i < LOGINS_PER_ADDRESS; i += 1) {
      expect((await login(`nobody-${i}@groupflow.test`, 'wrong password', address)).status).toBe(401);
    }
    const refused = await login('one-more@groupflow.test', 'wrong password', address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeLessThanOrEqual(60);
  });
});

describe('staff password change', () => {
  const change = (token: string, body: unknown, address: string) =>
    callApi(logins.url, 'POST', '/api/staff/change-password', token, body, from(address));
  const tokenFrom = async (email: string, address: string, password = TEST_PASSWORD) =>
    (await login(email, password, address)).body!.token as string;

  it('signs out the member’s other sessions and keeps the one that changed it', async () => {
    const member = await logins.provisionStaff('customer_support');
    const address = freshAddress();
    const mine = await tokenFrom(member.email, address);
    const other = await tokenFrom(member.email, freshAddress());
    const changed = await change(
      mine,
      { currentPassword: TEST_PASSWORD, newPassword: 'a much better secret' },
      address,
    );
    expect(changed.status).toBe(200);
    expect((await callApi(logins.url, 'POST', '/api/staff/validate-token', mine)).status).toBe(200);
    expect((await callApi(logins.url, 'POST', '/api/staff/validate-token', other)).status).toBe(401);
  });

  it('refuses a common new password with 400 naming newPassword', async () => {
    const member = await logins.provisionStaff('customer_support');
    const address = freshAddress();
    const refused = await change(
      await tokenFrom(member.email, address),
      { currentPassword: TEST_PASSWORD, newPassword: 'Password1' },
      address,
    );
    expect(refused.status).toBe(400);
    expect(refused.body?.issues).toEqual([expect.objectContaining({ path: ['newPassword'] })]);
  });

  it('counts wrong current passwords toward the login lockout', async () => {
    const member = await logins.provisionStaff('customer_support');
    const address = freshAddress();
    const token = await tokenFrom(member.email, address);
    for (let i = 0; i < LOCKOUT_THRESHOLD; i += 1) {
      expect(
        (await change(token, { currentPassword: 'a guess', newPassword: 'a much better secret' }, address)).status,
      ).toBe(400);
    }
    expect(
      (await change(token, { currentPassword: TEST_PASSWORD, newPassword: 'a much better secret' }, address)).status,
    ).toBe(429);
    expect((await login(member.email, TEST_PASSWORD, address)).status).toBe(429);
  });
});

describe('test email', () => {
  it('allows each staff member a few sends per window', async () => {
    const [first, second] = await Promise.all([
      logins.provisionStaff('customer_support'),
      logins.provisionStaff('customer_support'),
    ]);
    const address = freshAddress();
    const send = async (email: string) =>
      callApi(
        logins.url,
        'POST',
        '/api/test-email',
        (await login(email, TEST_PASSWORD, address)).body!.token as string,
        {
          emailAddress: 'me@example.test',
          type: 'writeup',
        },
      );
    for (let i = 0; i < TEST_EMAILS_PER_WINDOW; i += 1) expect((await send(first.email)).status).toBe(200);
    const refused = await send(first.email);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBeTruthy();
    expect((await send(second.email)).status).toBe(200);
  });
});

describe('API-wide limit per client address', () => {
  const get = (api: TestApi, path: string, headers: Record<string, string>) => fetch(`${api.url}${path}`, { headers });

  it('is shared by two API processes and answers 429 with Retry-After and a message', async () => {
    const address = freshAddress();
    for (let i = 0; i < API_BURST; i += 1) {
      expect((await get(i % 2 === 0 ? limitedA : limitedB, '/api/remotes', from(address))).status).toBe(200);
    }
    const refused = await get(limitedA, '/api/remotes', from(address));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('Retry-After'))).toBeLessThanOrEqual(10);
    expect(await refused.json()).toEqual({
      code: 'REQUEST.RATE_LIMITED',
      message: expect.stringMatching(/Too many requests/),
    });

    // Monitors and pages stay reachable.
    expect((await get(limitedA, '/api/health', from(address))).status).not.toBe(429);
    expect((await get(limitedA, '/', from(address))).status).not.toBe(429);
    // Another client is not affected.
    expect((await get(limitedA, '/api/remotes', from(freshAddress()))).status).toBe(200);
  });

  it('is not lifted by spoofed X-Forwarded-For entries left of the trusted proxy’s', async () => {
    const address = freshAddress();
    const spoofed = () => from(`${freshAddress()}, ${freshAddress()}, ${address}`);
    for (let i = 0; i < API_BURST; i += 1) expect((await get(limitedA, '/api/remotes', spoofed())).status).toBe(200);
    expect((await get(limitedA, '/api/remotes', spoofed())).status).toBe(429);
  });
});

describe('one client address key for every per-address limit (issue 33)', () => {
  const get = (address: string) => fetch(`${limitedA.url}/api/remotes`, { headers: from(address) });
  const post = (path: string, body: unknown, address: string) =>
    callApi(logins.url, 'POST', path, undefined, body, from(address));
  const ticket = (address: string) =>
    post(
      '/api/support/create-public',
      { name: 'Vera', email: 'vera@example.test', subject: 'Bot offline', message: 'It stopped answering' },
      address,
    );
  const passwordReset = (address: string) =>
    post(
      '/api/support/tickets',
      {
        title: 'Password reset',
        description: 'I forgot my password',
        category: 'password_reset',
        userEmail: 'someone@groupflow.test',
        userName: 'Someone',
      },
      address,
    );

  it('counts every address of one IPv6 /64 against the API-wide limit together; another /64 is its own', async () => {
    const prefix = freshPrefix();
    for (let i = 0; i < API_BURST; i += 1) expect((await get(inPrefix(prefix))).status).toBe(200);
    const refused = await get(inPrefix(prefix));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'REQUEST.RATE_LIMITED' });
    expect((await get(inPrefix(freshPrefix()))).status).toBe(200);
  });

  it('counts an IPv4 address and its IPv4-mapped IPv6 form as one client, and its neighbour apart', async () => {
    const address = freshAddress();
    for (let i = 0; i < API_BURST; i += 1)
      expect((await get(i % 2 === 0 ? address : `::ffff:${address}`)).status).toBe(200);
    expect((await get(address)).status).toBe(429);
    expect((await get(`::ffff:${address}`)).status).toBe(429);
    const [a, b, c, d] = address.split('.').map(Number);
    expect((await get(`${a}.${b}.${c}.${d === 254 ? 253 : d! + 1}`)).status).toBe(200);
  });

  it('counts public tickets and password-reset requests from one /64 together', async () => {
    const prefix = freshPrefix();
    expect((await ticket(inPrefix(prefix))).status).toBe(201);
    expect((await passwordReset(inPrefix(prefix))).status).toBe(201);
    const refusedTicket = await ticket(inPrefix(prefix));
    expect(refusedTicket.status).toBe(429);
    expect(refusedTicket.body).toMatchObject({ code: 'SUPPORT.TOO_MANY_TICKETS' });
    expect(Number(refusedTicket.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await passwordReset(inPrefix(prefix))).status).toBe(429);
    expect((await ticket(inPrefix(freshPrefix()))).status).toBe(201);
  });

  it('counts password-reset requests alone per /64 too', async () => {
    const prefix = freshPrefix();
    for (let i = 0; i < SUBMISSIONS_PER_WINDOW; i += 1)
      expect((await passwordReset(inPrefix(prefix))).status).toBe(201);
    expect((await passwordReset(inPrefix(prefix))).status).toBe(429);
  });
});
