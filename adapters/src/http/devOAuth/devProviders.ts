import Router from '@koa/router';
import { devOAuthProvider } from './devOAuthProvider.ts';

export const DEV_OAUTH_PREFIX = { discord: '/dev-oauth/discord', roblox: '/dev-oauth/roblox' } as const;

interface DevClient {
  clientId: string;
  clientSecret: string;
}

/** The development Discord: the real endpoint layout under {publicUrl}/dev-oauth/discord. */
export function devDiscordProvider(publicUrl: string, client: DevClient): Router {
  return devOAuthProvider({
    prefix: DEV_OAUTH_PREFIX.discord,
    paths: { authorize: '/oauth2/authorize', token: '/api/oauth2/token', user: '/api/users/@me', extra: { '/api/users/@me/guilds': [] } },
    title: 'Sign in with Discord (development)',
    publicUrl,
    ...client,
    sampleNames: ['alice', 'bob', 'carol'],
    profile: (name, id) => ({ id, username: name, email: `${name.toLowerCase()}@discord.dev.invalid`, avatar: null, discriminator: '0' }),
  });
}

/** The development Roblox OAuth: {publicUrl}/dev-oauth/roblox/v1/{authorize,token,userinfo}. */
export function devRobloxProvider(publicUrl: string, client: DevClient): Router {
  return devOAuthProvider({
    prefix: DEV_OAUTH_PREFIX.roblox,
    paths: { authorize: '/v1/authorize', token: '/v1/token', user: '/v1/userinfo' },
    title: 'Sign in with Roblox (development)',
    publicUrl,
    ...client,
    sampleNames: ['Builderman', 'RobloxDev', 'GroupOwner'],
    profile: (name, id) => ({ sub: id, name, nickname: name, preferred_username: name, created_at: 0 }),
  });
}

interface DevSwitch extends DevClient {
  /** True when the provider has no credentials outside production. */
  dev: boolean;
}

/** One router holding the development provider of each provider that needs one (possibly none). */
export function devOAuthRoutes(publicUrl: string, providers: { discord: DevSwitch; roblox: DevSwitch }): Router {
  const router = new Router();
  if (providers.discord.dev) router.use(devDiscordProvider(publicUrl, providers.discord).routes());
  if (providers.roblox.dev) router.use(devRobloxProvider(publicUrl, providers.roblox).routes());
  return router;
}
