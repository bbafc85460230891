import Router from '@koa/router';
import {
  Unauthenticated,
  type CustomerSessionLifetime,
  type GetCurrentCustomer,
  type GetUserProfile,
  type ListBots,
  type ListServers,
  type UpdateUserProfile,
} from '@groupflow/core';
import { customerEndpoints as CUSTOMER, type SessionDebug } from '@groupflow/core/contracts';
import { describeSession, sessionCustomerId } from '../auth/customerSession.ts';
import { callbackUrl } from '../oauth/oauthProviders.ts';
import { validate } from '../validate.ts';

export interface CustomerRouteDeps {
  getCurrentCustomer: GetCurrentCustomer;
  getUserProfile: GetUserProfile;
  updateUserProfile: UpdateUserProfile;
  listBots: ListBots;
  listServers: ListServers;
  /** GET /api/debug reports when the session ends by these rules. */
  sessionLifetime: CustomerSessionLifetime;
  publicUrl: string;
  environment: string;
  /** True when real Discord client credentials are set (not the development provider). */
  discordConfigured: boolean;
}

/** Where a visitor is sent to sign in; GET /api/user's 401 names it so screens need not guess. */
const SIGN_IN = '/auth/discord';

/** The signed-in customer's own data; every call answers 401 without a session. */
export function customerRoutes(deps: CustomerRouteDeps): Router {
  const router = new Router();
  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });

  router.get('/api/user', async (ctx) => {
    try {
      ctx.body = await deps.getCurrentCustomer.execute(sessionCustomerId(ctx));
    } catch (error) {
      if (!(error instanceof Unauthenticated)) throw error;
      ctx.status = 401;
      ctx.body = { message: error.message, redirect: SIGN_IN };
    }
  });

  router.get('/api/user/profile', async (ctx) => {
    ctx.body = await deps.getUserProfile.execute(sessionCustomerId(ctx));
  });

  router.put('/api/user/profile', async (ctx) => {
    const customerId = sessionCustomerId(ctx);
    // Signed-out callers learn nothing about the body's shape.
    await deps.getCurrentCustomer.execute(customerId);
    ctx.body = await deps.updateUserProfile.execute(
      customerId,
      validate(CUSTOMER.updateProfile.body, ctx.request.body),
    );
  });

  router.get('/api/bots', async (ctx) => {
    ctx.body = await deps.listBots.execute(sessionCustomerId(ctx));
  });

  router.get('/api/servers', async (ctx) => {
    ctx.body = await deps.listServers.execute(sessionCustomerId(ctx));
  });

  router.get(CUSTOMER.getDebug.path, async (ctx) => {
    const now = new Date();
    const facts = describeSession(ctx, deps.sessionLifetime, now);
    // A session whose user is gone or banned is described as what it is: not signed in to anyone.
    const user = facts.authenticated
      ? await deps.getCurrentCustomer.execute(facts.userId ?? undefined).catch(() => null)
      : null;
    const identities: SessionDebug['session']['identities'] = [];
    if (user?.discordId) identities.push({ provider: 'discord', username: user.username });
    if (user?.robloxId) identities.push({ provider: 'roblox', username: user.robloxUsername });
    const body: SessionDebug = {
      session: {
        ...facts,
        authenticated: user !== null,
        userId: user?.id ?? null,
        username: user?.username ?? null,
        identities,
      },
      environment: deps.environment,
      timestamp: now.toISOString(),
    };
    ctx.body = body;
  });

  router.get('/api/test-discord-config', (ctx) => {
    ctx.body = {
      discordConfigured: deps.discordConfigured,
      callbackURL: callbackUrl(deps.publicUrl, 'discord'),
      environment: deps.environment,
    };
  });
  return router;
}
