import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import { DomainError, type RememberDiscordGrant, type SignInWithDiscord, type SignInWithRoblox } from '@groupflow/core';
import { grantFromTokenAnswer } from '../../discord/DiscordOAuthUserApi.ts';
import { API, type LoginErrorCode } from '@groupflow/core/contracts';
import { apiRouter, route } from '../route.ts';
import { beginCustomerSession, endCustomerSession, sessionCustomerId } from '../auth/customerSession.ts';
import { UserInfoFailed, type DiscordOAuthProfiles, type RobloxOAuthProfiles } from '../oauth/OAuthProfiles.ts';

export interface CustomerAuthDeps {
  grant: Middleware;
  discordProfiles: DiscordOAuthProfiles;
  robloxProfiles: RobloxOAuthProfiles;
  signInWithDiscord: SignInWithDiscord;
  signInWithRoblox: SignInWithRoblox;
  /** Keeps the Discord tokens server-side (scope guilds) once the customer is known. */
  rememberDiscordGrant: RememberDiscordGrant;
  /** Providers without credentials in production cannot be used; starting them lands on oauth_error. */
  usable: Record<Provider, boolean>;
  logger: Logger;
}

/** Where each provider's callback lands, on success and (with ?error=) on failure. */
const LANDING = {
  discord: { success: '/auth-success', failure: '/customer-dashboard' },
  roblox: { success: '/roblox-login?success=true', failure: '/roblox-login' },
} as const;

type Provider = keyof typeof LANDING;

interface GrantAnswer {
  access_token?: string;
  error?: unknown;
  /** The provider's whole token answer (grant's `raw` response option). */
  raw?: Record<string, unknown>;
}

/** Why grant's answer is not a usable token, in the spec's ?error= vocabulary; null when it is. */
function grantFailure(ctx: Context): LoginErrorCode | null {
  if (typeof ctx.query.error === 'string') return 'oauth_error';
  const answer = (ctx.state.grant as { response?: GrantAnswer } | undefined)?.response;
  if (!answer) return 'invalid_state';
  if (answer.error) {
    const text = typeof answer.error === 'string' ? answer.error : JSON.stringify(answer.error);
    // grant checks state against the session; a callback without a started flow has no session to match.
    return /state mismatch|missing session|missing code/i.test(text) ? 'invalid_state' : 'token_exchange_failed';
  }
  return answer.access_token ? null : 'token_exchange_failed';
}

const failureUrl = (provider: Provider, code: string) =>
  `${LANDING[provider].failure}?error=${encodeURIComponent(code)}`;

function accessToken(ctx: Context): string {
  return (ctx.state.grant as { response: GrantAnswer }).response.access_token!;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const PAGE_STYLE = `<style>body{font-family:system-ui,sans-serif;background:#0b0d14;color:#e8eaf2;display:flex;justify-content:center;padding:48px 16px}
main{background:#141824;border:1px solid #2a3146;border-radius:10px;padding:24px;max-width:420px;width:100%;text-align:center}
button{margin:4px;padding:8px 14px;border-radius:8px;border:1px solid #5865f2;background:#5865f2;color:#fff;cursor:pointer;font:inherit}
a{color:#9aa3b8}</style>`;

/** The answer to a banned account's sign-in: the reason staff gave, and the way to appeal (a support ticket). */
const bannedPage = (message: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Sign-in refused - GroupFlow</title><meta name="viewport" content="width=device-width, initial-scale=1">
${PAGE_STYLE}</head><body><main>
<h1>Sign-in refused</h1><p role="alert">${escapeHtml(message)}</p>
<p>To appeal, open a ticket on the <a href="/support">support page</a>.</p>
<p><a href="/">Back to Home</a></p>
</main></body></html>`;

const LOGOUT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Log out of GroupFlow</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
${PAGE_STYLE}</head><body><main>
<h1>Log out</h1><p>Log out of GroupFlow on this browser?</p>
<form method="post" action="${API.customer.apiLogout.path}"><button type="submit" autofocus>Log out</button></form>
<p><a href="/">Stay signed in</a></p>
</main></body></html>`;

/** Runs grant as one step of a handler: true when it handed on (a callback's token is ready), false when it answered. */
async function throughGrant(grant: Middleware, ctx: Context): Promise<boolean> {
  let handedOn = false;
  await grant(ctx, async () => {
    handedOn = true;
  });
  return handedOn;
}

/** Sign-in through grant (GET /auth/discord, /auth/roblox and their callbacks) and the three logouts. */
export function customerAuthRoutes(deps: CustomerAuthDeps): Router {
  const router = apiRouter();

  const fail = (ctx: Context, provider: Provider, code: string) => {
    // A failed flow must not leave its state and PKCE verifier behind for a later replay.
    const session = ctx.session as { grant?: unknown } | null;
    if (session) delete session.grant;
    ctx.redirect(failureUrl(provider, code));
  };

  const start = (provider: Provider) => async (ctx: Context) => {
    if (!deps.usable[provider]) {
      deps.logger.warn({ provider }, 'oauth sign-in started but the provider has no credentials');
      ctx.redirect(failureUrl(provider, 'oauth_error'));
      return;
    }
    // grant answers with the redirect to the provider's consent page.
    await throughGrant(deps.grant, ctx);
  };

  const callback = (provider: Provider, complete: (ctx: Context, token: string) => Promise<number>) => {
    return async (ctx: Context) => {
      // A callback without a flow started in this session (forged, replayed, or from another browser) never
      // reaches grant, which would otherwise answer it with its own redirect.
      const started = (ctx.session as { grant?: { provider?: string; state?: string } } | null)?.grant;
      if (started?.provider !== provider || !started.state) {
        deps.logger.warn({ provider }, 'oauth callback without a started flow');
        ctx.redirect(failureUrl(provider, 'invalid_state'));
        return;
      }
      if (!(await throughGrant(deps.grant, ctx))) return;
      const failure = grantFailure(ctx);
      if (failure) {
        deps.logger.warn({ provider, failure }, 'oauth sign-in failed');
        return fail(ctx, provider, failure);
      }
      try {
        const customerId = await complete(ctx, accessToken(ctx));
        await beginCustomerSession(ctx, customerId);
        ctx.redirect(LANDING[provider].success);
      } catch (error) {
        if (error instanceof UserInfoFailed) {
          deps.logger.warn({ provider, err: error }, 'oauth user info failed');
          return fail(ctx, provider, 'user_info_failed');
        }
        if (error instanceof DomainError && error.code === 'ROBLOX.ACCOUNT_TAKEN') {
          return fail(ctx, provider, 'already_linked');
        }
        if (error instanceof DomainError && error.code === 'AUTH.DISCORD_TAKEN') {
          return fail(ctx, provider, 'discord_taken');
        }
        if (error instanceof DomainError && error.code === 'AUTH.ACCOUNT_BANNED') {
          // A banned account hears why, on a page of its own: 403, the flow's state dropped, no session begun.
          const session = ctx.session as { grant?: unknown } | null;
          if (session) delete session.grant;
          ctx.status = 403;
          ctx.type = 'html';
          ctx.body = bannedPage(error.message);
          return;
        }
        deps.logger.error({ provider, err: error }, 'oauth sign-in crashed');
        fail(ctx, provider, 'server_error');
      }
    };
  };

  route(router, API.customer.startDiscordSignIn, ({ ctx }) => start('discord')(ctx));
  route(router, API.customer.signInWithDiscord, ({ ctx }) =>
    callback('discord', async (ctx, token) => {
      const identity = await deps.discordProfiles.identity(token);
      // Signed in (a Roblox-only customer's "Connect Discord"), the Discord account joins that customer.
      const customerId = (await deps.signInWithDiscord.execute(identity, sessionCustomerId(ctx))).id;
      const answer = (ctx.state.grant as { response: GrantAnswer }).response;
      const grant = grantFromTokenAnswer(answer.raw ?? { access_token: token }, Date.now());
      if (grant) await deps.rememberDiscordGrant.execute(customerId, grant);
      return customerId;
    })(ctx),
  );
  route(router, API.customer.startRobloxSignIn, ({ ctx }) => start('roblox')(ctx));
  route(router, API.customer.signInWithRoblox, ({ ctx }) =>
    callback('roblox', async (ctx, token) => {
      const identity = await deps.robloxProfiles.identity(token);
      return (await deps.signInWithRoblox.execute(identity, sessionCustomerId(ctx))).id;
    })(ctx),
  );

  route(router, API.customer.logout, ({ ctx }) => {
    endCustomerSession(ctx);
    return { message: 'Logged out' };
  });
  // A GET must never log out (any site could embed it): the navigations the spec names get a page whose form
  // posts, without script, so it works under the Content-Security-Policy.
  route(router, API.customer.apiLogout, ({ ctx }) => {
    endCustomerSession(ctx);
    ctx.redirect('/');
  });
  for (const page of [API.customer.apiLogoutAndLeave, API.customer.logoutAndLeave])
    route(router, page, () => LOGOUT_PAGE);
  return router;
}
