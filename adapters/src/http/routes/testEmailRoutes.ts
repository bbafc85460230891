import type Router from '@koa/router';
import { DomainError, UpstreamFailed, type AuthenticateStaff, type SendTestEmail } from '@groupflow/core';
import { API } from '@groupflow/core/contracts';
import { apiRouter, route } from '../route.ts';

/** POST /api/test-email (spec 1 section 7): staff only, since it mails any address; answers { success, message }. */
export function testEmailRoutes(authenticate: AuthenticateStaff, sendTestEmail: SendTestEmail): Router {
  const router = apiRouter({ authenticateStaff: authenticate });
  route(router, API.diagnostics.sendTestEmail, async ({ caller, body }) => {
    try {
      return await sendTestEmail.execute(body, caller.staff.id);
    } catch (error) {
      if (error instanceof DomainError) throw error;
      // The mail server refused or could not be reached: a 502 the page shows instead of a bare 500.
      throw new UpstreamFailed('MAIL.SEND_FAILED', 'Failed to send test email');
    }
  });
  return router;
}
