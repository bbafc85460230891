/**
 * Fuzzing every route the API registers with fast-check: malformed, oversized, wrongly typed, unicode-heavy and
 * NUL-containing bodies, query strings and path ids, sent with credentials that pass the route's authorisation so
 * the edge validation is what answers. Never a 5xx; a 4xx writes nothing (every table's row count is compared
 * before and after); a 400 names what was wrong (`issues` with the field, or the body as a whole).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import { startGateWorld, type GateWorld } from './gateFixtures.ts';
import { registeredRoutes, type InventoriedRoute } from './routeInventory.ts';
import { authKind, devOAuthEndpoints, type Endpoint } from '@groupflow/core/contracts';

/** Inputs per route and per kind (body, query, path); about 1,500 calls in all, under two minutes on a quiet machine. */
const RUNS_PER_KIND = 6;
const CALL_TIMEOUT_MS = 5000;
/**
 * Tables whose rows a refused call may rightly change: sessions and caches the server keeps on its own schedule,
 * incidents of its health checks, and the rate limiters' counters (a refused password check is exactly what the
 * guessing limits count: a fuzzed change-password call with a wrong current password is a 400 that counts).
 */
const UNCOUNTED_TABLES = new Set([
  'customer_sessions',
  'incidents',
  'bot_shards',
  'roblox_api_cache',
  'customer_guild_fetches',
  'rate_limits',
  'mikro_orm_migrations',
]);

let world: GateWorld;
let countQuery = '';

const NUL = '\u0000';
const nastyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ maxLength: 20 }).map((text) => `${text}${NUL}${text}`),
  fc.constantFrom(
    '',
    ' ',
    '\u202e\u0301\ud83d\ude00',
    'é'.repeat(5000),
    '%',
    '%E0%A4%A',
    '../../etc/passwd',
    '1e999',
    '-1',
    '0x10',
  ),
);
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyString, { maxLength: 3 }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 3 }),
);

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  in?: z.ZodType;
  innerType?: z.ZodType;
}
/** The field names an object schema declares (through pipes and wrappers), so inputs aim at real fields. */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  if (def.type === 'object') return Object.keys(def.shape!);
  if (def.type === 'pipe') return fieldsOf(def.in);
  return def.innerType ? fieldsOf(def.innerType) : [];
}

/** Raw request bodies: JSON of the wrong shape, the right fields with wrong values, and text that is not JSON. */
function bodies(route: InventoriedRoute): fc.Arbitrary<string> {
  const fields = fieldsOf(route.endpoint.body);
  const keys = fields.length > 0 ? fc.constantFrom(...fields) : nastyString;
  return fc.oneof(
    fc.jsonValue().map((value) => JSON.stringify(value)),
    fc.dictionary(keys, nastyValue, { minKeys: 1, maxKeys: 6 }).map((value) => JSON.stringify(value)),
    fc.string({ maxLength: 60 }).map((text) => `{"${text}`),
    fc.constantFrom(
      '{"__proto__":{"isAdmin":true}}',
      '{"constructor":{"prototype":{"x":1}}}',
      `{"a":"${'x'.repeat(200_000)}"}`,
      '[',
      'null',
      '{',
    ),
  );
}

function queries(route: InventoriedRoute): fc.Arbitrary<string> {
  const fields = [...fieldsOf(route.endpoint.query), 'limit', 'key', 'token'];
  const pair = fc
    .tuple(fc.constantFrom(...fields), nastyString)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`);
  return fc.oneof(
    fc.array(pair, { minLength: 1, maxLength: 4 }).map((pairs) => pairs.join('&')),
    fc.constantFrom(
      'limit=%E0%A4%A',
      'key=%',
      'a[b][c]=1&a[b]=2',
      '__proto__[x]=1',
      `${fields[0]}=${'y'.repeat(10_000)}`,
    ),
  );
}

const pathIds = fc.oneof(
  nastyString.map((value) => encodeURIComponent(value)),
  fc.constantFrom('%', '%00', '%E0%A4%A', '99999999999999999999999', '-1', '0', '1.5', 'NaN', '%2e%2e%2f'),
);

interface Credentials {
  headers: Record<string, string>;
  query: string;
}

/** Credentials that pass the route's authorisation, so the fuzzed input meets the validation, not a 401. */
function credentialsFor(route: InventoriedRoute): Credentials {
  const cookie = [...world.customers.owner.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  switch (authKind(route.endpoint.auth)) {
    // Same-origin, as from our pages: the CSRF guard would otherwise be what answers a change.
    case 'customer':
      return { headers: { cookie, origin: world.publicUrl }, query: '' };
    case 'staff':
      return { headers: { authorization: `Bearer ${world.staff.platform_owner.token}` }, query: '' };
    case 'chatKey':
      return { headers: { 'x-chat-key': world.tickets.owner.key }, query: '' };
    case 'activityKey':
      return { headers: { authorization: `Bearer ${world.activityKey}` }, query: '' };
    default:
      return { headers: {}, query: '' };
  }
}

/** Each path parameter's real value (owned by the credentials above), for the inputs that fuzz something else. */
function realPath(route: InventoriedRoute): string {
  const { path } = route.endpoint;
  return path.replace(/:(\w+)/g, (_, name: string) => {
    if (name === 'groupId') return world.groupId;
    if (name === 'userId') return String(world.ownerCustomerId);
    if (path.startsWith('/api/legal/')) return String(world.legal[path.split('/')[3] as keyof GateWorld['legal']]);
    if (path.startsWith('/api/support/')) return String(world.tickets.owner.id);
    if (path.startsWith('/api/discord/')) return world.guildId;
    if (path.includes('/applications/')) return String(world.applicationId);
    if (path.includes('/training/')) return String(world.trainingId);
    return '1';
  });
}

async function rowCounts(): Promise<Record<string, number>> {
  const rows = await world.api.orm.em.fork().getConnection().execute<{ counts: Record<string, number> }[]>(countQuery);
  return rows[0]!.counts;
}

interface Finding {
  input: string;
  problem: string;
}

let tried = 0;

/** Sends one input; returns what is wrong with the answer, if anything. */
async function probe(
  route: InventoriedRoute,
  path: string,
  query: string,
  body: string | undefined,
): Promise<Finding | undefined> {
  const credentials = credentialsFor(route);
  const search = [credentials.query, query].filter(Boolean).join('&');
  const target = `${path}${search ? `?${search}` : ''}`;
  const input = `${route.endpoint.method} ${target.slice(0, 200)}${body === undefined ? '' : ` ${body.slice(0, 200)}`}`;
  const before = await rowCounts();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CALL_TIMEOUT_MS);
  tried += 1;
  let status: number;
  let text = '';
  try {
    const response = await fetch(`${world.api.url}${target}`, {
      method: route.endpoint.method,
      headers: { ...credentials.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body,
      redirect: 'manual',
      signal: controller.signal,
    });
    status = response.status;
    if (response.headers.get('content-type')?.startsWith('text/event-stream')) controller.abort();
    else text = await response.text();
  } catch (error) {
    return { input, problem: `no answer within ${CALL_TIMEOUT_MS} ms (${(error as Error).message})` };
  } finally {
    clearTimeout(timer);
  }
  if (status >= 500) return { input, problem: `${status} ${text.slice(0, 200)}` };
  if (status >= 400) {
    const after = await rowCounts();
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    if (changed.length > 0) return { input, problem: `${status} but rows changed in ${changed.join(', ')}` };
  }
  if (status === 400) {
    // HTML pages (the development sign-in) answer a page for a person to read, and the development OAuth
    // providers answer in the error format of the providers they imitate (`{ error: 'invalid_client' }`).
    if (route.endpoint.html || (Object.values(devOAuthEndpoints) as Endpoint[]).includes(route.endpoint))
      return undefined;
    let answer: { message?: string; issues?: { path: unknown[]; message: string }[] };
    try {
      answer = JSON.parse(text || '{}') as typeof answer;
    } catch {
      return { input, problem: `400 that is not JSON: ${text.slice(0, 200)}` };
    }
    const named = (answer.issues?.length ?? 0) > 0 || /body|JSON/i.test(answer.message ?? '');
    if (!named) return { input, problem: `400 naming nothing: ${text.slice(0, 200)}` };
  }
  return undefined;
}

async function fuzz(
  route: InventoriedRoute,
  kind: string,
  arbitrary: fc.Arbitrary<{ path: string; query: string; body?: string }>,
): Promise<Finding[]> {
  const findings: Finding[] = [];
  await fc.assert(
    fc.asyncProperty(arbitrary, async ({ path, query, body }) => {
      const finding = await probe(route, path, query, body);
      if (finding) findings.push({ ...finding, problem: `[${kind}] ${finding.problem}` });
      // Every input runs; the findings are reported together rather than shrunk one at a time.
      return true;
    }),
    { numRuns: RUNS_PER_KIND, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
  );
  return findings;
}

beforeAll(async () => {
  world = await startGateWorld();
  const tables = await world.api.orm.em
    .fork()
    .getConnection()
    .execute<{ name: string }[]>(
      `select tablename as name from pg_tables where schemaname = current_schema() order by tablename`,
    );
  const counted = tables.map(({ name }) => name).filter((name) => !UNCOUNTED_TABLES.has(name));
  // One row per table, gathered into one object: json_build_object would take two arguments per table, and a
  // function takes at most 100.
  const perTable = counted.map((name) => `select '${name}' as name, (select count(*) from "${name}") as n`);
  countQuery = `select jsonb_object_agg(name, n) as counts from (${perTable.join(' union all ')}) as tables`;
}, 120_000);

afterAll(async () => {
  await world?.close();
});

describe('fuzzed input on every route', () => {
  it('never answers 5xx, never writes on a 4xx, and names the field of a 400', async () => {
    const findings: Finding[] = [];
    for (const route of registeredRoutes(world.api.container)) {
      // The sign-out routes end the session the other inputs ride on.
      if (/logout/.test(route.endpoint.path)) continue;
      const path = realPath(route);
      const hasBody = !['GET', 'DELETE'].includes(route.endpoint.method);
      if (hasBody)
        findings.push(
          ...(await fuzz(
            route,
            'body',
            bodies(route).map((body) => ({ path, query: '', body })),
          )),
        );
      findings.push(
        ...(await fuzz(
          route,
          'query',
          queries(route).map((query) => ({ path, query, body: hasBody ? '{}' : undefined })),
        )),
      );
      if (route.endpoint.path.includes(':')) {
        const withIds = pathIds.map((id) => ({
          path: route.endpoint.path.replace(/:(\w+)/g, id),
          query: '',
          body: hasBody ? '{}' : undefined,
        }));
        findings.push(...(await fuzz(route, 'path', withIds)));
      }
    }
    console.log(`fuzzing: ${tried} inputs tried over ${registeredRoutes(world.api.container).length} routes`);
    expect(findings.map(({ input, problem }) => `${problem} <- ${input}`)).toEqual([]);
  }, 600_000);
});
