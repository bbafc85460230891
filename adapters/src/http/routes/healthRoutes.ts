import type { ProbedHealth, ProbedHealthReport } from '@groupflow/core';
import { API } from '@groupflow/core/contracts';
import type { FastAnswer, FastRoute } from '../fastRoutes.ts';

/**
 * GET /api/health, a fast route: load balancers poll it all the time, and the answer is the background probe's
 * snapshot, so a poll costs neither a query, a log line nor a Koa context.
 */
export function healthFastPath(health: ProbedHealth): FastRoute {
  // Serialised once per probe rather than once per poll.
  const serialised = new WeakMap<object, FastAnswer>();
  const toAnswer = (report: ProbedHealthReport): FastAnswer => {
    let answer = serialised.get(report);
    if (answer === undefined) serialised.set(report, (answer = { status: 200, json: JSON.stringify(report) }));
    return answer;
  };
  return {
    endpoints: [API.diagnostics.getHealth],
    path: API.diagnostics.getHealth.path,
    answer: () => {
      const report = health.current();
      return report instanceof Promise ? report.then(toAnswer) : toAnswer(report);
    },
  };
}
