/**
 * Customer bans and roles (issue 26 item 8) through the real API and database: who may ban and change roles, what a
 * ban does to the customer's sessions and sign-in, what the bot reads of it, and the staff activity log. Each test
 * is an abuse case that would pass without the rule it names only if the rule were missing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@groupflow/adapters/net/freePort';
import { inRequestContext } from '@groupflow/adapters/persistence/database';
import { MikroOrmLinkedAccounts } from '@groupflow/adapters/persistence/discord/MikroOrmBotRecords';
import type { StaffRole } from '@groupflow/core';
import { CustomerBrowser } from './customerBrowser.ts';
import { callApi, startTestApi, type TestApi } from './apiHarness.ts';
import { createLegal, fileTicket } from './gateFixtures.ts';
import { sseEvents } from './sseEvents.ts';

let api: TestApi;
/** A second API process on the same database: a ban through one reaches the streams the other holds. */
let other: TestApi;
const tokens = {} as Record<StaffRole, string>;
let sequence = 0;

beforeAll(async () => {
  // OAuth callbacks go to PUBLIC_URL, so the port is chosen up front.
  const port = await freePort();
  api = await startTestApi({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
  for (const role of [
    'platform_owner',
    'customer_support_director',
    'director_legal_affairs_safety',
    'customer_support',
  ] as const) {
    const member = await api.provisionStaff(role);
    tokens[role] = await api.login(member.email);
  }
  other = await startTestApi();
});

afterAll(async () => {
  await other?.close();
  await api?.close();
});

/** A customer signed in through the development Discord provider, with their id and Discord id. */
async function signedInCustomer() {
  sequence += 1;
  const name = `banned${process.pid}x${sequence}`;
  const browser = new CustomerBrowser(api.url);
  await browser.signInWithDiscord(name);
  const me = await browser.json<{ id: number; discordId: string }>('GET', '/api/user');
  expect(me.status).toBe(200);
  return { browser, name, id: me.body.id, discordId: me.body.discordId };
}

const account = async (id: number) => {
  const list = await callApi<{ id: number; isBanned: boolean; role: string; bannedReason: string | null }[]>(
    api.url,
    'GET',
    `/api/staff/customers?search=${id}`,
    tokens.platform_owner,
  );
  return list.body!.find((row) => row.id === id)!;
};

const activities = async () =>
  (
    await callApi<{ type: string; description: string }[]>(
      api.url,
      'GET',
      '/api/staff/activities',
      tokens.platform_owner,
    )
  ).body!;

describe('customer bans', () => {
  it('refuses a customer_support agent who tries to ban, and leaves the account signed in', async () => {
    const customer = await signedInCustomer();
    const refused = await callApi(api.url, 'POST', '/api/staff/customers/ban', tokens.customer_support, {
      userId: customer.id,
      reason: 'I do not like them',
    });
    expect(refused.status).toBe(403);
    expect((await account(customer.id)).isBanned).toBe(false);
    expect((await customer.browser.json('GET', '/api/user')).status).toBe(200);
  });

  it('answers the spec texts for a missing reason and a userId that is not a number', async () => {
    const blank = await callApi<{ issues: { path: string[]; message: string }[] }>(
      api.url,
      'POST',
      '/api/staff/customers/ban',
      tokens.customer_support_director,
      { userId: 1, reason: '  ' },
    );
    expect(blank.status).toBe(400);
    expect(blank.body!.issues).toContainEqual({ path: ['reason'], message: 'Ban reason is required' });
    const textual = await callApi(api.url, 'POST', '/api/staff/customers/ban', tokens.customer_support_director, {
      userId: '7',
      reason: 'Spam',
    });
    expect(textual.status).toBe(400);
  });

  it("ends a banned customer's sessions: the old cookie no longer works, sign-in answers 403 naming the reason", async () => {
    const customer = await signedInCustomer();
    const oldCookies = new Map(customer.browser.cookies);
    const ticket = await fileTicket(api);
    const banned = await callApi<{ isBanned: boolean; bannedReason: string; bannedBy: string; bannedAt: string }>(
      api.url,
      'POST',
      '/api/staff/customers/ban',
      tokens.customer_support_director,
      { userId: customer.id, reason: 'Selling stolen accounts', source: { kind: 'ticket', id: ticket.id } },
    );
    expect(banned.status).toBe(200);
    expect(banned.body).toMatchObject({ isBanned: true, bannedReason: 'Selling stolen accounts' });
    expect(banned.body!.bannedBy).toMatch(/^customer_support_director-/);
    expect(Date.parse(banned.body!.bannedAt)).not.toBeNaN();

    // The old session cookie, replayed: the session row is gone.
    const replay = new CustomerBrowser(api.url);
    for (const [name, value] of oldCookies) replay.cookies.set(name, value);
    expect((await replay.json('GET', '/api/user')).status).toBe(401);
    const rows = await api.orm.em
      .fork()
      .getConnection()
      .execute<{ n: string }[]>(`select count(*) as n from customer_sessions where data->>'customerId' = ?`, [
        String(customer.id),
      ]);
    expect(Number(rows[0]!.n)).toBe(0);

    // Signing in again with Discord: 403, naming the reason, and no session begun.
    const again = new CustomerBrowser(api.url);
    const start = await again.fetch('/auth/discord');
    const authorize = new URL(start.headers.get('location')!, api.url);
    authorize.pathname += '/approve';
    authorize.searchParams.set('name', customer.name);
    let response = await again.fetch(authorize.toString());
    for (let hop = 0; hop < 10 && response.status >= 300 && response.status < 400; hop += 1) {
      response = await again.fetch(new URL(response.headers.get('location')!, api.url).toString());
    }
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('This account is banned: Selling stolen accounts');
    expect((await again.json('GET', '/api/user')).status).toBe(401);

    const logged = (await activities()).find((entry) => entry.type === 'customer.banned');
    expect(logged?.description).toContain(
      `(#${customer.id}) (ticket #${ticket.id}): Selling stolen accounts (1 session ended)`,
    );
  });

  it('lets the legal director ban from a policy violation that exists, and refuses one that does not', async () => {
    const customer = await signedInCustomer();
    const violation = await createLegal(api, tokens.director_legal_affairs_safety, 'violations');
    const ban = (token: string, id: number) =>
      callApi<{ code: string }>(api.url, 'POST', '/api/staff/customers/ban', token, {
        userId: customer.id,
        reason: 'Harassment in the support channel',
        source: { kind: 'policy_violation', id },
      });

    // A member whose role carries no customers.ban is refused whatever the ban names.
    expect((await ban(tokens.customer_support, violation)).status).toBe(403);
    const missing = await ban(tokens.director_legal_affairs_safety, violation + 1000);
    expect(missing.status).toBe(404);
    expect(missing.body!.code).toBe('CUSTOMERS.BAN_SOURCE_NOT_FOUND');
    expect((await account(customer.id)).isBanned).toBe(false);
    expect((await customer.browser.json('GET', '/api/user')).status).toBe(200);

    expect((await ban(tokens.director_legal_affairs_safety, violation)).status).toBe(200);
    expect((await customer.browser.json('GET', '/api/user')).status).toBe(401);
    const logged = (await activities()).find(
      (entry) => entry.type === 'customer.banned' && entry.description.includes(`(#${customer.id})`),
    );
    expect(logged?.description).toContain(`(policy violation #${violation}): Harassment in the support channel`);
    // The violation records what was done about it and no longer waits as Pending (issue 36).
    const violations = await callApi<{ id: number; status: string; actionTaken: string | null }[]>(
      api.url,
      'GET',
      '/api/legal/violations',
      tokens.director_legal_affairs_safety,
    );
    expect(violations.body?.find((entry) => entry.id === violation)).toMatchObject({
      status: 'action_taken',
      actionTaken: `Customer banned: ${customer.name}`,
    });
  });

  it('lets the bot read the ban: the account it syncs for a banned Discord user is refused', async () => {
    const customer = await signedInCustomer();
    await callApi(api.url, 'POST', '/api/staff/customers/ban', tokens.platform_owner, {
      userId: customer.id,
      reason: 'Raid organiser',
    });
    const linked = await inRequestContext(api.orm, () =>
      new MikroOrmLinkedAccounts(api.orm).byDiscordId(customer.discordId, 'any-guild'),
    );
    expect(linked).toMatchObject({ isBanned: true, bannedReason: 'Raid organiser' });

    const lifted = await callApi(api.url, 'POST', '/api/staff/customers/unban', tokens.customer_support_director, {
      userId: customer.id,
      reason: 'Appeal accepted',
    });
    expect(lifted.status).toBe(200);
    expect(await account(customer.id)).toMatchObject({ isBanned: false, bannedReason: null });
    expect((await activities()).map((entry) => entry.type)).toContain('customer.unbanned');
  });
});

describe('customer roles', () => {
  it('refuses a director who tries to change a role; the platform owner changes it and it is logged', async () => {
    const customer = await signedInCustomer();
    const refused = await callApi(api.url, 'POST', '/api/staff/customers/role', tokens.customer_support_director, {
      userId: customer.id,
      role: 'admin',
    });
    expect(refused.status).toBe(403);
    expect((await account(customer.id)).role).toBe('user');

    const wrongRole = await callApi(api.url, 'POST', '/api/staff/customers/role', tokens.platform_owner, {
      userId: customer.id,
      role: 'platform_owner',
    });
    expect(wrongRole.status).toBe(400);

    const changed = await callApi(api.url, 'POST', '/api/staff/customers/role', tokens.platform_owner, {
      userId: customer.id,
      role: 'admin',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ role: 'admin', isAdmin: true });
    expect((await activities()).find((entry) => entry.type === 'customer.role_changed')?.description).toContain(
      `(#${customer.id}) from user to admin`,
    );
  });
});

/** The customer's session stream on `url`'s API, read in the background. */
async function openUserEvents(browser: CustomerBrowser, url: string) {
  const controller = new AbortController();
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(`${url}/api/user/events`, { headers: { cookie }, signal: controller.signal });
  const events: { type: string; data: unknown }[] = [];
  const ended = (async () => {
    if (response.status !== 200) return;
    try {
      for await (const event of sseEvents(response.body as unknown as AsyncIterable<Uint8Array>)) events.push(event);
    } catch {
      // Aborted by the test.
    }
  })();
  return { status: response.status, events, ended, close: () => controller.abort() };
}

describe('signed-in tabs of a banned customer (issue 36)', () => {
  it('tells every open stream of the customer, on every API process, that it was signed out, with the reason', async () => {
    const customer = await signedInCustomer();
    const bystander = await signedInCustomer();
    const here = await openUserEvents(customer.browser, api.url);
    const there = await openUserEvents(customer.browser, other.url);
    const unrelated = await openUserEvents(bystander.browser, other.url);
    expect([here.status, there.status, unrelated.status]).toEqual([200, 200, 200]);

    const banned = await callApi(api.url, 'POST', '/api/staff/customers/ban', tokens.customer_support_director, {
      userId: customer.id,
      reason: 'Selling stolen accounts',
    });
    expect(banned.status).toBe(200);
    // Each stream ends after its one event.
    await Promise.all([here.ended, there.ended]);
    const signedOut = [{ id: null, type: 'signed_out', data: { reason: 'Selling stolen accounts' } }];
    expect(here.events).toEqual(signedOut);
    expect(there.events).toEqual(signedOut);

    // Another customer's stream hears nothing of it, and stays open.
    expect(unrelated.events).toEqual([]);
    unrelated.close();
    // The banned customer's tab cannot open its stream again.
    expect((await openUserEvents(customer.browser, other.url)).status).toBe(401);
  });

  it('refuses the stream without a session, and with a made-up one', async () => {
    const visitor = new CustomerBrowser(api.url);
    expect((await openUserEvents(visitor, api.url)).status).toBe(401);
    visitor.cookies.set('groupflow.sid', 'made-up');
    expect((await openUserEvents(visitor, api.url)).status).toBe(401);
  });

  it('refuses a signed-in customer the staff customer search (a session cookie is not a staff credential)', async () => {
    const customer = await signedInCustomer();
    const search = await customer.browser.json('GET', `/api/staff/customers/search?q=${customer.name}`);
    expect(search.status).toBe(401);
  });
});
