import type Router from '@koa/router';
import type {
  CustomerSessionLifetime,
  GetCurrentCustomer,
  GetUserProfile,
  ListBots,
  ListServers,
  UpdateUserProfile,
} from '@groupflow/core';
import { API, type SessionDebug } from '@groupflow/core/contracts';
import { describeSession } from '../auth/customerSession.ts';
import { openCustomerEventStream } from '../customerEventStream.ts';
import type { EventStreamSettings } from '../eventStream.ts';
import type { PostgresCustomerTabs } from '../../events/PostgresCustomerTabs.ts';
import { callbackUrl } from '../oauth/oauthProviders.ts';
import { apiRouter, leanRoute, route } from '../route.ts';

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
  /** The signed-in tabs' streams: told when the customer is banned, on any API process. */
  tabs: PostgresCustomerTabs;
  stream: EventStreamSettings;
}

/** The signed-in customer's own data; every call answers 401 without a session. */
export function customerRoutes(deps: CustomerRouteDeps): Router {
  const router = apiRouter({ getCurrentCustomer: deps.getCurrentCustomer });

  // The reads every signed-in page makes: served in front of Koa when nothing is out of the ordinary.
  leanRoute(router, API.customer.getUser, ({ caller }) => caller.customer);
  leanRoute(router, API.customer.getUserProfile, ({ caller }) => deps.getUserProfile.execute(caller.customerId));
  route(router, API.customer.updateUserProfile, ({ caller, body }) =>
    deps.updateUserProfile.execute(caller.customerId, body),
  );
  route(router, API.customer.userEvents, async ({ caller, ctx }) => {
    await openCustomerEventStream(ctx, deps.tabs, caller.customerId, deps.stream);
  });
  route(router, API.customer.listBots, ({ caller }) => deps.listBots.execute(caller.customerId));
  route(router, API.customer.listServers, ({ caller }) => deps.listServers.execute(caller.customerId));

  route(router, API.customer.getDebug, async ({ ctx }) => {
    const now = new Date();
    const facts = describeSession(ctx, deps.sessionLifetime, now);
    // A session whose user is gone or banned is described as what it is: not signed in to anyone.
    const user = facts.authenticated
      ? await deps.getCurrentCustomer.execute(facts.userId ?? undefined).catch(() => null)
      : null;
    const identities: SessionDebug['session']['identities'] = [];
    if (user?.discordId) identities.push({ provider: 'discord', username: user.username });
    if (user?.robloxId) identities.push({ provider: 'roblox', username: user.robloxUsername });
    return {
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
  });

  route(router, API.customer.getDiscordConfig, () => ({
    discordConfigured: deps.discordConfigured,
    callbackURL: callbackUrl(deps.publicUrl, 'discord'),
    environment: deps.environment,
  }));
  return router;
}
