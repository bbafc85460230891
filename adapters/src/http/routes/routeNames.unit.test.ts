/**
 * One name per action (issue 38): a route's endpoint key is the name of the use case it calls, which is also the
 * router's dependency key and the use case's folder under core/src/<area>/. Read from the route files themselves,
 * so a route added with a second name for its action fails here.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const ROUTES_DIR = join(ROOT, 'adapters/src/http/routes');
const CORE_DIR = join(ROOT, 'core/src');

/**
 * Routes that are not an action of core, each for its reason (file: endpoint key). They call no use case, except
 * where READS_THROUGH names the one read they answer with.
 */
const NOT_AN_ACTION: Record<string, string> = {
  // The OAuth flows' starts and the sign-outs are HTTP concerns: redirects through grant, the cookie session.
  'customerAuthRoutes.ts: startDiscordSignIn': 'redirect to Discord through grant',
  'customerAuthRoutes.ts: startRobloxSignIn': 'redirect to Roblox through grant',
  'customerAuthRoutes.ts: logout': 'ends the cookie session',
  'customerAuthRoutes.ts: apiLogout': 'ends the cookie session',
  // Answers what the guard already found or what the server was configured with.
  'customerRoutes.ts: getUser': 'the guard’s customer',
  'customerRoutes.ts: getDiscordConfig': 'configuration',
  'serversRoutes.ts: getClientId': 'configuration',
  'serversRoutes.ts: getInviteUrl': 'configuration',
  'staffRoutes.ts: validateToken': 'the guard’s staff member',
  'staffRoutes.ts: getSettings': 'configuration',
  'remotesRoutes.ts: getRemotes': 'configuration',
  'referenceRoutes.ts: getOpenApi': 'generated from the contracts',
  'referenceRoutes.ts: getReference': 'generated from the contracts',
  // A debugging aid describing the cookie session itself; it looks its customer up as the guard would.
  'customerRoutes.ts: getDebug': 'describes the cookie session',
  // Event streams: the route subscribes the caller to the event bus for as long as the grant holds.
  'supportRoutes.ts: staffEvents': 'event stream',
  'supportRoutes.ts: chatEvents': 'event stream',
  // The signed-in customer's stream: it subscribes the tab to its customer's sign-outs (a ban, issue 36).
  'customerRoutes.ts: userEvents': 'event stream',
};

/** Of NOT_AN_ACTION, the routes that answer with a read of core, and which: nothing else may be called there. */
const READS_THROUGH: Record<string, string> = {
  'customerRoutes.ts: getDebug': 'getCurrentCustomer',
  // The chat's stream opens with the thread as the customer's read answers it.
  'supportRoutes.ts: chatEvents': 'readCustomerThread',
};

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );

/** Every `route(router, TABLE.key, handler)` and `leanRoute(...)`, with the use cases its handler calls. */
function routesIn(path: string): { name: string; key: string; calls: string[] }[] {
  const source = readFileSync(path, 'utf8');
  const starts = [...source.matchAll(/\b(?:route|leanRoute|refuseUnknown)\(\s*router,\s*([\w.]+)/g)];
  return starts.flatMap((start, index) => {
    const key = /^[\w.]+\.(\w+)$/.exec(start[1]!)?.[1];
    if (start[0].startsWith('refuseUnknown') || key === undefined) return [];
    const handler = source.slice(start.index, starts[index + 1]?.index ?? source.length);
    const calls = [...handler.matchAll(/\b(\w+)\.execute\(/g)].map((call) => call[1]!);
    return [{ name: `${relative(ROUTES_DIR, path).split('/').at(-1)}: ${key}`, key, calls: [...new Set(calls)] }];
  });
}

const useCaseFolders = new Set(
  readdirSync(CORE_DIR, { withFileTypes: true })
    .filter((area) => area.isDirectory())
    .flatMap((area) => readdirSync(join(CORE_DIR, area.name), { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name),
);

const routes = files(ROUTES_DIR)
  .filter((path) => !path.endsWith('.test.ts'))
  .flatMap(routesIn);

describe('one name per action, from endpoint key to use-case folder', () => {
  it('finds the routes (the parse still reads the route files)', () => {
    expect(routes.length).toBeGreaterThan(100);
  });

  it.each(routes.filter((r) => !(r.name in NOT_AN_ACTION)))(
    '$name calls the use case of the same name, and core has its folder',
    (route) => {
      expect(route.calls).toContain(route.key);
      expect(useCaseFolders.has(route.key)).toBe(true);
    },
  );

  it('leaves out only the routes the allow-list names, each calling no use case or only its one read', () => {
    for (const name of Object.keys(NOT_AN_ACTION)) {
      const found = routes.filter((r) => r.name === name);
      expect(found.length, name).toBeGreaterThan(0);
      for (const route of found) expect(route.calls, name).toEqual(name in READS_THROUGH ? [READS_THROUGH[name]] : []);
    }
    const without = routes.filter((r) => r.calls.length === 0).map((r) => r.name);
    expect(without.every((name) => name in NOT_AN_ACTION)).toBe(true);
  });
});
