import type { Middleware } from 'koa';
import type { Endpoint } from '@groupflow/core/contracts';
import type { ProbedHealth } from '@groupflow/core';
import { healthEndpoints } from '@groupflow/core/contracts';

/** A middleware answering routes ahead of the routers; `endpoints` names them for the OpenAPI coverage check. */
export type FastRoute = Middleware & { endpoints: readonly Endpoint[] };

/**
 * GET /api/health, answered before logging, sessions and the request context: load balancers poll it all the
 * time, and the answer is the background probe's snapshot, so a poll costs neither a query nor a log line.
 */
export function healthFastPath(health: ProbedHealth): FastRoute {
  // Serialised once per probe rather than once per poll.
  const serialised = new WeakMap<object, string>();
  const route: Middleware = async (ctx, next) => {
    if (ctx.path !== healthEndpoints.getHealth.path || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const report = await health.current();
    let json = serialised.get(report);
    if (json === undefined) serialised.set(report, (json = JSON.stringify(report)));
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'application/json';
    ctx.body = json;
  };
  return Object.assign(route, { endpoints: [healthEndpoints.getHealth] });
}
