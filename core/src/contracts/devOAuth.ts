import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { noContent } from './wire.ts';
import { text } from './text.ts';

/**
 * The development OAuth providers (never in production, only for a provider without credentials): the real
 * providers' endpoint layout, so grant and the profile adapters run their real code against them.
 */
const tokenAnswer = z.object({ access_token: text(), token_type: z.literal('Bearer'), expires_in: z.number().int() });

export const discordUserSchema = z.object({
  id: text(),
  username: text(),
  email: text().nullable(),
  avatar: text().nullable(),
  discriminator: text(),
});

export const robloxUserInfoSchema = z.object({
  sub: text(),
  name: text(),
  nickname: text(),
  preferred_username: text(),
  created_at: z.number(),
});

export const devOAuthEndpoints = {
  discordAuthorize: endpoint({
    method: 'GET',
    path: '/dev-oauth/discord/oauth2/authorize',
    summary: 'Development Discord: the consent page where you pick or type a name',
    auth: 'public',
    response: text(),
    html: true,
  }),
  discordApprove: endpoint({
    method: 'GET',
    path: '/dev-oauth/discord/oauth2/authorize/approve',
    summary: 'Development Discord: redirects back with a code (or the consent page again when no name was given)',
    auth: 'public',
    response: noContent,
    redirect: true,
  }),
  discordToken: endpoint({
    method: 'POST',
    path: '/dev-oauth/discord/api/oauth2/token',
    summary: 'Development Discord: exchanges the code (form body, PKCE checked) for an access token',
    auth: 'public',
    response: tokenAnswer,
  }),
  discordUser: endpoint({
    method: 'GET',
    path: '/dev-oauth/discord/api/v10/users/@me',
    summary: "Development Discord: the access token's user",
    auth: 'public',
    response: discordUserSchema,
  }),
  discordGuilds: endpoint({
    method: 'GET',
    path: '/dev-oauth/discord/api/v10/users/@me/guilds',
    summary: "Development Discord: the access token's servers (none)",
    auth: 'public',
    response: z.array(z.unknown()),
  }),
  robloxAuthorize: endpoint({
    method: 'GET',
    path: '/dev-oauth/roblox/v1/authorize',
    summary: 'Development Roblox: the consent page where you pick or type a name',
    auth: 'public',
    response: text(),
    html: true,
  }),
  robloxApprove: endpoint({
    method: 'GET',
    path: '/dev-oauth/roblox/v1/authorize/approve',
    summary: 'Development Roblox: redirects back with a code (or the consent page again when no name was given)',
    auth: 'public',
    response: noContent,
    redirect: true,
  }),
  robloxToken: endpoint({
    method: 'POST',
    path: '/dev-oauth/roblox/v1/token',
    summary: 'Development Roblox: exchanges the code (form body, PKCE checked) for an access token',
    auth: 'public',
    response: tokenAnswer,
  }),
  robloxUserInfo: endpoint({
    method: 'GET',
    path: '/dev-oauth/roblox/v1/userinfo',
    summary: "Development Roblox: the access token's user",
    auth: 'public',
    response: robloxUserInfoSchema,
  }),
} as const;
