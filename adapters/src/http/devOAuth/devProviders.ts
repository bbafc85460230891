import Router from '@koa/router';
import { devIdFor, devOAuthProvider, type DevCaller } from './devOAuthProvider.ts';
import { discordEndpoints } from '../oauth/oauthProviders.ts';

export const DEV_OAUTH_PREFIX = { discord: '/dev-oauth/discord', roblox: '/dev-oauth/roblox' } as const;

interface DevClient {
  clientId: string;
  clientSecret: string;
}

const SAMPLE_DISCORD_NAMES = ['alice', 'bob', 'carol'];

/** Every permission bit Discord defines today (an owner's set). */
const ALL_PERMISSIONS = String((1n << 51n) - 1n);
/** View Channels, Send Messages, Read Message History, Use Application Commands: a plain member. */
const MEMBER_PERMISSIONS = String((1n << 10n) | (1n << 11n) | (1n << 16n) | (1n << 31n));
const MANAGE_SERVER = String(BigInt(MEMBER_PERMISSIONS) | (1n << 5n));

/** The shared guild every development user is in; the first sample name manages it. */
export const DEV_COMMUNITY_GUILD = { id: devIdFor('guild:groupflow-community'), name: 'GroupFlow Community' };

/** The development user's own guild, which they own. */
export const devOwnGuildId = (name: string) => devIdFor(`guild:${name}`);

/**
 * GET /users/@me/guilds of the development Discord: each user owns "{name}'s Server" and belongs to the shared
 * community (managed by the first sample name), with counts from the users this provider has seen.
 */
export function devDiscordGuilds({ name, seen, active }: DevCaller): Record<string, unknown>[] {
  const managesCommunity = name.toLowerCase() === SAMPLE_DISCORD_NAMES[0];
  return [
    {
      id: devOwnGuildId(name),
      name: `${name}'s Server`,
      icon: null,
      owner: true,
      permissions: ALL_PERMISSIONS,
      features: [],
      approximate_member_count: 1,
      approximate_presence_count: active.has(name) ? 1 : 0,
    },
    {
      ...DEV_COMMUNITY_GUILD,
      icon: null,
      owner: false,
      permissions: managesCommunity ? MANAGE_SERVER : MEMBER_PERMISSIONS,
      features: [],
      approximate_member_count: seen.size,
      approximate_presence_count: active.size,
    },
  ];
}

/** The development Discord answers at the paths the product calls Discord at. */
const discordPaths = discordEndpoints('');

/** The development Discord: the real endpoint layout under {publicUrl}/dev-oauth/discord. */
export function devDiscordProvider(publicUrl: string, client: DevClient): Router {
  return devOAuthProvider({
    prefix: DEV_OAUTH_PREFIX.discord,
    paths: {
      authorize: discordPaths.authorize,
      token: discordPaths.token,
      user: discordPaths.user,
      extra: { [discordPaths.guilds]: devDiscordGuilds },
    },
    title: 'Sign in with Discord (development)',
    publicUrl,
    ...client,
    sampleNames: SAMPLE_DISCORD_NAMES,
    profile: (name, id) => ({
      id,
      username: name,
      email: `${name.toLowerCase()}@discord.dev.invalid`,
      avatar: null,
      discriminator: '0',
    }),
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
