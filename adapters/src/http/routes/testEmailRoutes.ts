import Router from '@koa/router';
import { DomainError, type SendTestEmail } from '@groupflow/core';
import { healthEndpoints } from '@groupflow/core/contracts';
import { validate } from '../validate.ts';

/** POST /api/test-email (spec 1 section 7): no login; answers { success, message }. */
export function testEmailRoutes(sendTestEmail: SendTestEmail): Router {
  const router = new Router();
  router.post('/api/test-email', async (ctx) => {
    const input = validate(healthEndpoints.sendTestEmail.body, ctx.request.body);
    try {
      ctx.body = await sendTestEmail.execute(input, ctx.ip);
    } catch (error) {
      if (error instanceof DomainError) throw error;
      // The mail server refused or could not be reached: the page shows this message instead of a bare 500.
      ctx.status = 502;
      ctx.body = { success: false, message: 'Failed to send test email' };
    }
  });
  return router;
}
