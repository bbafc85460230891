/**
 * GET /api/support/tickets against real PostgreSQL: the one list style (array + X-Next-Cursor), search by
 * title, email or category in any case, the status filter, the page size limits and refused cursors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { decodeCursor, encodeCursor } from '@groupflow/core/contracts';
import { callApi, startTestApi, type TestApi } from './apiHarness.ts';

let api: TestApi;
let token: string;
/** Other files share the database, so every ticket of this file carries the tag and every list searches it. */
const tag = `tl${randomBytes(4).toString('hex')}`;

const DEFAULT_LIMIT = 3;
const MAX_LIMIT = 5;

interface Row {
  id: number;
  title: string;
  status: string;
}

const list = (query: string) => callApi<Row[]>(api.url, 'GET', `/api/support/tickets?${query}`, token);

async function insertTicket(title: string, email: string, category: string | null, status = 'open'): Promise<number> {
  const rows = await api.orm.em.getConnection().execute<{ id: number }[]>(
    `insert into support_tickets (title, description, category, priority, status, user_email, user_name, is_locked)
       values (?, 'text', ?, 'medium', ?, ?, 'Vera', false) returning id`,
    [title, category, status, email],
  );
  return rows[0]!.id;
}

let ids: number[];

beforeAll(async () => {
  api = await startTestApi({
    TICKET_LIST_DEFAULT_LIMIT: String(DEFAULT_LIMIT),
    TICKET_LIST_MAX_LIMIT: String(MAX_LIMIT),
  });
  const member = await api.provisionStaff('customer_support');
  token = await api.login(member.email);
  ids = [];
  for (let i = 1; i <= 7; i += 1) ids.push(await insertTicket(`${tag} ticket ${i}`, `user${i}@example.test`, null));
  ids.push(await insertTicket('Invoice missing', `Billing.${tag}@Example.test`, null, 'closed'));
  ids.push(await insertTicket('Cannot log in', 'nobody@example.test', `Category-${tag.toUpperCase()}`));
  ids.push(await insertTicket(`100% ${tag}_x`, 'literal@example.test', null, 'in_progress'));
});

afterAll(async () => {
  await api?.close();
});

describe('GET /api/support/tickets', () => {
  it('answers a plain array newest first, the default page size, and the cursor of the next page in X-Next-Cursor', async () => {
    const seen: number[] = [];
    let query = `search=${tag}`;
    for (let page = 0; page < 10; page += 1) {
      const answer = await list(query);
      expect(answer.status).toBe(200);
      expect(Array.isArray(answer.body)).toBe(true);
      seen.push(...answer.body!.map((row) => row.id));
      const cursor = answer.headers.get('x-next-cursor');
      if (cursor === null) break;
      expect(answer.body).toHaveLength(DEFAULT_LIMIT);
      query = `search=${tag}&before=${cursor}`;
    }
    expect(seen).toEqual([...ids].sort((a, b) => b - a));
  });

  it('clamps the page size to the maximum', async () => {
    const answer = await list(`search=${tag}&limit=1000`);
    expect(answer.body).toHaveLength(MAX_LIMIT);
    expect(decodeCursor(answer.headers.get('x-next-cursor') ?? '')).toEqual({ id: answer.body!.at(-1)!.id });
  });

  it('has no X-Next-Cursor on the last page', async () => {
    const answer = await list(`search=${tag}&limit=${MAX_LIMIT}&before=${encodeCursor({ id: ids[2]! })}`);
    expect(answer.body!.map((row) => row.id)).toEqual([ids[1], ids[0]]);
    expect(answer.headers.has('x-next-cursor')).toBe(false);
  });

  it('searches title, email and category in any case, with wildcards taken literally', async () => {
    const titles = async (search: string) =>
      (await list(`search=${encodeURIComponent(search)}`)).body!.map((row) => row.title);
    expect(await titles(`${tag.toUpperCase()} TICKET 7`)).toEqual([`${tag} ticket 7`]);
    expect(await titles(`billing.${tag}@example`)).toEqual(['Invoice missing']);
    expect(await titles(`category-${tag}`)).toEqual(['Cannot log in']);
    expect(await titles(`100% ${tag}_`)).toEqual([`100% ${tag}_x`]);
    expect(await titles(`1_0% ${tag}`)).toEqual([]);
  });

  it('filters by status, also together with the search', async () => {
    const closed = await list(`search=${tag}&status=closed`);
    expect(closed.body!.map((row) => row.title)).toEqual(['Invoice missing']);
    const inProgress = await list(`search=${tag}&status=in_progress&limit=${MAX_LIMIT}`);
    expect(inProgress.body!.map((row) => row.status)).toEqual(['in_progress']);
    const open = await list(`search=${tag}&status=open&limit=${MAX_LIMIT}`);
    expect(open.body!.every((row) => row.status === 'open')).toBe(true);
  });

  it.each([
    ['a cursor it did not hand out', 'before=42', 'before'],
    ['a cursor of another shape', `before=${btoa('{"id":"x"}')}`, 'before'],
    ['a zero limit', 'limit=0', 'limit'],
    ['an unknown status', 'status=lost', 'status'],
  ])('refuses %s with a 400 naming the parameter', async (_what, query, field) => {
    const answer = await callApi(api.url, 'GET', `/api/support/tickets?${query}`, token);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      message: 'Invalid request',
      issues: [expect.objectContaining({ path: [field] })],
    });
  });

  it('is for staff only', async () => {
    expect((await callApi(api.url, 'GET', `/api/support/tickets?search=${tag}`)).status).toBe(401);
  });
});
