import Router from '@koa/router';
import { DomainError, type AuthenticateStaff, type SendTestEmail } from '@groupflow/core';
import { healthEndpoints } from '@groupflow/core/contracts';
import { currentStaff, staffAuth } from '../auth/staffAuth.ts';
import { validate } from '../validate.ts';

/** POST /api/test-email (spec 1 section 7): staff only, since it mails any address; answers { success, message }. */
export function testEmailRoutes(authenticate: AuthenticateStaff, sendTestEmail: SendTestEmail): Router {
  const router = new Router();
  router.post('/api/test-email', staffAuth(authenticate), async (ctx) => {
    const input = validate(healthEndpoints.sendTestEmail.body, ctx.request.body);
    try {
      ctx.body = await sendTestEmail.execute(input, currentStaff(ctx).id);
    } catch (error) {
      if (error instanceof DomainError) throw error;
      // The mail server refused or could not be reached: the page shows this message instead of a bare 500.
      ctx.status = 502;
      ctx.body = { success: false, message: 'Failed to send test email' };
    }
  });
  return router;
}
