import grantPackage from 'grant';
import type { Middleware } from 'koa';
import { discordEndpoints, robloxEndpoints, type OAuthSettings } from './oauthProviders.ts';

// grant is CommonJS whose typings declare an ES default export; at run time the import is the function itself.
const grant = ((grantPackage as { default?: unknown }).default ?? grantPackage) as typeof grantPackage.default;

/**
 * grant for both providers, with state and PKCE on (both are opt-in in grant). The answer stays in
 * ctx.state.grant (transport "state") so our own callback route reads it in the same request.
 */
export function grantMiddleware(settings: OAuthSettings): Middleware {
  const discord = discordEndpoints(settings.discord.baseUrl);
  const roblox = robloxEndpoints(settings.roblox.baseUrl);
  return grant.koa()({
    config: {
      defaults: {
        origin: settings.publicUrl.replace(/\/$/, ''),
        prefix: '/auth',
        transport: 'state',
        state: true,
        pkce: true,
        response: ['tokens'],
      },
      discord: {
        key: settings.discord.clientId,
        secret: settings.discord.clientSecret,
        authorize_url: discord.authorize,
        access_url: discord.token,
        scope: ['identify', 'email', 'guilds'],
        // `raw` adds expires_in and scope, which the server-side grant store needs.
        response: ['tokens', 'raw'],
      },
      roblox: {
        oauth: 2,
        key: settings.roblox.clientId,
        secret: settings.roblox.clientSecret,
        authorize_url: roblox.authorize,
        access_url: roblox.token,
        scope: ['openid', 'profile'],
        scope_delimiter: ' ',
      },
    },
    request: { timeout: settings.timeoutMs },
  }) as Middleware;
}
