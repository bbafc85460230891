import { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import { CUSTOMER_SIGNED_OUT_EVENT } from '@groupflow/core/contracts';
import type { PostgresCustomerTabs } from '../events/PostgresCustomerTabs.ts';
import { answerAsEventStream, type EventStreamSettings } from './eventStream.ts';

/**
 * GET /api/user/events: one signed-in tab's stream. It carries a single kind of event, `signed_out` with the
 * reason, and ends after it: the session it was opened with is gone, so a reconnect is refused by the guard. There
 * is nothing to replay (a tab that missed the notice meets the refusal on its next call), so no event ids.
 */
export async function openCustomerEventStream(
  ctx: Context,
  tabs: PostgresCustomerTabs,
  customerId: number,
  settings: EventStreamSettings,
): Promise<void> {
  const body = new PassThrough();
  // Listening before the answer starts: a ban from now on reaches this tab.
  const unwatch = await tabs.watch(customerId, ({ reason }) => {
    body.write(`event: ${CUSTOMER_SIGNED_OUT_EVENT}\ndata: ${JSON.stringify({ reason })}\n\n`);
    close();
  });

  answerAsEventStream(ctx, body, settings.retryMs);

  const heartbeat = setInterval(() => body.write(': ping\n\n'), settings.heartbeatMs);
  function close() {
    clearInterval(heartbeat);
    unwatch();
    body.end();
  }
  ctx.req.once('close', close);
}
