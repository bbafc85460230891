import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { LIMITS } from './limits.ts';
import { isoDateTime, messageSchema, noContent } from './wire.ts';
import { text } from './text.ts';

/** PUT /api/user/profile: the only fields a customer may change; anything else in the body is ignored. */
export const updateProfileSchema = z.object({
  username: text().trim().min(1, { message: 'Required' }).max(LIMITS.name).optional(),
  email: text()
    .trim()
    .max(LIMITS.email)
    .pipe(z.email({ message: 'Please enter a valid email address' }))
    .nullable()
    .optional(),
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/**
 * The Settings page's preferences (spec 1 section 2.9): kept in this browser, never sent. The spec's defaults are
 * `DEFAULT_CUSTOMER_SETTINGS`; the webhook may stay empty. The spec's robloxCookie is left out on purpose: a Roblox
 * session cookie is a full credential and is never asked for (docs/decisions.md).
 */
export const customerSettingsSchema = z.object({
  discordWebhook: z.union([z.literal(''), z.url({ message: 'Enter a valid webhook URL' })]),
  backupInterval: z.coerce
    .number({ message: 'Backup interval must be a number of hours' })
    .int({ message: 'Backup interval must be a whole number of hours' })
    .min(1, { message: 'Backup interval must be at least 1 hour' }),
  notifications: z.object({
    botStatus: z.boolean(),
    commandUsage: z.boolean(),
    errorAlerts: z.boolean(),
    weeklyReports: z.boolean(),
  }),
});
export type CustomerSettingsInput = z.input<typeof customerSettingsSchema>;
export const DEFAULT_CUSTOMER_SETTINGS = {
  discordWebhook: '',
  backupInterval: '24',
  notifications: { botStatus: true, commandUsage: false, errorAlerts: true, weeklyReports: true },
} satisfies CustomerSettingsInput;

/** Where a failed sign-in lands, as `?error=` (spec 1 section 8, "Login error query"). */
export const LOGIN_ERROR_CODES = [
  'oauth_error',
  'invalid_state',
  'token_exchange_failed',
  'user_info_failed',
  'server_error',
] as const;
export type LoginErrorCode = (typeof LOGIN_ERROR_CODES)[number];

/** The "Login Failed" toast texts of spec 1 section 8. */
export function loginErrorMessage(code: string): string {
  switch (code) {
    case 'oauth_error':
      return 'OAuth authentication error occurred.';
    case 'invalid_state':
      return 'Security validation failed. Please try logging in again.';
    case 'token_exchange_failed':
      return 'Failed to exchange authorization code. Please try again.';
    case 'user_info_failed':
      return 'Failed to retrieve user information from Roblox.';
    case 'server_error':
      return 'Server error occurred during authentication.';
    case 'discord_taken':
      return 'This Discord account already has its own GroupFlow account. Sign in with Discord and connect Roblox there.';
    default:
      return 'Authentication failed. Please try again.';
  }
}

/** GET /api/user, PUT /api/user/profile: what the browser may see of the signed-in customer. */
export const publicCustomerSchema = z.object({
  id: z.number().int(),
  username: text(),
  email: text().nullable(),
  discordId: text().nullable(),
  avatar: text().nullable(),
  discriminator: text().nullable(),
  robloxId: text().nullable(),
  robloxUsername: text().nullable(),
  isVerified: z.boolean(),
  createdAt: isoDateTime,
});
export type PublicCustomerWire = z.infer<typeof publicCustomerSchema>;

/** GET /api/user/profile: the customer with bot and command figures. */
export const customerProfileSchema = publicCustomerSchema.extend({
  stats: z.object({ totalBots: z.number().int(), activeBots: z.number().int(), totalCommands: z.number().int() }),
});
export type CustomerProfileWire = z.infer<typeof customerProfileSchema>;

/** GET /api/auth/me: the Roblox side of the signed-in customer. */
export const authMeSchema = z.object({
  id: z.number().int(),
  username: text(),
  robloxUsername: text().nullable(),
  robloxId: text().nullable(),
  /** Proven by Roblox OAuth or a profile code; a linked account is not a verified one. */
  isVerified: z.boolean(),
  /** "Group: Role" for every group of the linked account. */
  currentRoles: z.array(text()),
  /** A typed username waiting for its proof beside the current link, which it does not change until proven. */
  pendingClaim: z.object({ robloxId: text(), robloxUsername: text(), expiresAt: isoDateTime }).nullable(),
});

export const CUSTOMER_BOT_STATUSES = ['online', 'offline', 'maintenance'] as const;

/** GET /api/bots: the GroupFlow bot in one of the customer's managed servers (no token is ever sent). */
export const customerBotSchema = z.object({
  /** The server's id: one card per installation. */
  id: text(),
  name: text(),
  status: z.enum(CUSTOMER_BOT_STATUSES),
  isOnline: z.boolean(),
  serverId: text().nullable(),
  serverName: text().nullable(),
  /** When the bot joined that server. */
  createdAt: isoDateTime,
});
export type CustomerBotWire = z.infer<typeof customerBotSchema>;

/** GET /api/servers: a server the customer manages; connected while the bot is in it and online. */
export const customerServerSchema = z.object({
  id: text(),
  name: text(),
  icon: text().nullable(),
  memberCount: z.number().int(),
  botConnected: z.boolean(),
});
export type CustomerServerWire = z.infer<typeof customerServerSchema>;

export const IDENTITY_PROVIDERS = ['discord', 'roblox'] as const;

/**
 * GET /api/debug: the caller's own session as the server sees it (spec 1 section 7): signed in or not, with which
 * identities, since when. Never the session id, the cookie or an OAuth token.
 */
export const sessionDebugSchema = z.object({
  session: z.object({
    hasSession: z.boolean(),
    authenticated: z.boolean(),
    userId: z.number().int().nullable(),
    username: text().nullable(),
    identities: z.array(z.object({ provider: z.enum(IDENTITY_PROVIDERS), username: text().nullable() })),
    signedInAt: isoDateTime.nullable(),
    /** Seconds since sign-in; null without one. */
    ageSeconds: z.number().int().nonnegative().nullable(),
    expiresAt: isoDateTime.nullable(),
    oauthInProgress: z.boolean(),
  }),
  environment: text(),
  timestamp: isoDateTime,
});
export type SessionDebug = z.infer<typeof sessionDebugSchema>;

/** GET /api/test-discord-config. */
export const discordConfigSchema = z.object({
  discordConfigured: z.boolean(),
  callbackURL: text(),
  environment: text(),
});

/** 401 of GET /api/user: where to sign in. */
export const signInRequiredSchema = z.object({ message: text(), redirect: text() });

/** The signed-in customer's own data (session cookie); every call answers 401 without a session. */
/** The event a signed-in customer's open tabs hear: they were signed out elsewhere (a ban), and why (issue 36). */
export const CUSTOMER_SIGNED_OUT_EVENT = 'signed_out';
export const customerEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal(CUSTOMER_SIGNED_OUT_EVENT), data: z.object({ reason: text() }) }),
]);

export const customerEndpoints = {
  getUser: endpoint({
    method: 'GET',
    path: '/api/user',
    summary: 'The signed-in customer (401 names where to sign in)',
    auth: 'customer',
    signIn: '/auth/discord',
    response: publicCustomerSchema,
  }),
  userEvents: endpoint({
    method: 'GET',
    path: '/api/user/events',
    summary:
      "Server-sent events of the signed-in customer's session: signed_out (with the reason) when staff ban the account",
    auth: 'customer',
    query: z.strictObject({}),
    response: customerEventSchema,
    stream: true,
  }),
  describeRobloxAccount: endpoint({
    method: 'GET',
    path: '/api/auth/me',
    summary: 'The signed-in customer with their linked Roblox account and group roles',
    auth: 'customer',
    response: authMeSchema,
  }),
  getUserProfile: endpoint({
    method: 'GET',
    path: '/api/user/profile',
    summary: 'The signed-in customer with bot and command figures',
    auth: 'customer',
    response: customerProfileSchema,
  }),
  updateUserProfile: endpoint({
    method: 'PUT',
    path: '/api/user/profile',
    summary: "Change the signed-in customer's username or email",
    auth: 'customer',
    body: updateProfileSchema,
    response: publicCustomerSchema,
  }),
  listBots: endpoint({
    method: 'GET',
    path: '/api/bots',
    summary: 'The bot in each server the signed-in customer manages',
    auth: 'customer',
    response: z.array(customerBotSchema),
  }),
  listServers: endpoint({
    method: 'GET',
    path: '/api/servers',
    summary: 'Every server the signed-in customer manages, with whether the bot is connected',
    auth: 'customer',
    response: z.array(customerServerSchema),
  }),
  getDebug: endpoint({
    method: 'GET',
    path: '/api/debug',
    summary: "The caller's own session: signed in or not, identities, age; no secrets",
    auth: 'public',
    response: sessionDebugSchema,
  }),
  getDiscordConfig: endpoint({
    method: 'GET',
    path: '/api/test-discord-config',
    summary: 'Whether Discord sign-in is configured, and its callback URL',
    auth: 'public',
    response: discordConfigSchema,
  }),
} as const;

const signInQuery = z.object({
  code: text().optional(),
  state: text().optional(),
  error: text().optional(),
});

/**
 * A sign-in start takes no parameters of its own, but grant keeps the whole query in the session (a jsonb row),
 * so any parameter is allowed as long as it can be stored: a NUL would otherwise be a 500 from PostgreSQL.
 */
const startSignInQuery = z.record(text(), z.union([text(), z.array(text())]));

/** Sign-in through Discord and Roblox OAuth (grant), and the logouts; all but one answer with redirects. */
export const customerAuthEndpoints = {
  startDiscordSignIn: endpoint({
    method: 'GET',
    path: '/auth/discord',
    summary: "Redirects to Discord's consent page",
    auth: 'public',
    query: startSignInQuery,
    response: noContent,
    redirect: true,
  }),
  signInWithDiscord: endpoint({
    method: 'GET',
    path: '/auth/discord/callback',
    summary: 'Discord returns here; redirects to /auth-success, or to /customer-dashboard?error=<code>',
    auth: 'public',
    query: signInQuery,
    response: noContent,
    redirect: true,
  }),
  startRobloxSignIn: endpoint({
    method: 'GET',
    path: '/auth/roblox',
    summary: "Redirects to Roblox's consent page (links Roblox when a customer is signed in)",
    auth: 'public',
    query: startSignInQuery,
    response: noContent,
    redirect: true,
  }),
  signInWithRoblox: endpoint({
    method: 'GET',
    path: '/auth/roblox/callback',
    summary: 'Roblox returns here; redirects to /roblox-login?success=true, or to /roblox-login?error=<code>',
    auth: 'public',
    query: signInQuery,
    response: noContent,
    redirect: true,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/auth/logout',
    summary: "Ends the customer's session",
    auth: 'public',
    response: messageSchema,
  }),
  logoutAndLeave: endpoint({
    method: 'GET',
    path: '/auth/logout',
    summary: 'A page whose button posts to POST /api/logout (a GET never logs out)',
    auth: 'public',
    response: text(),
    html: true,
  }),
  apiLogoutAndLeave: endpoint({
    method: 'GET',
    path: '/api/logout',
    summary: 'A page whose button posts to POST /api/logout (a GET never logs out)',
    auth: 'public',
    response: text(),
    html: true,
  }),
  apiLogout: endpoint({
    method: 'POST',
    path: '/api/logout',
    summary: "Ends the customer's session and redirects to / (the logout page's form)",
    auth: 'public',
    response: noContent,
    redirect: true,
  }),
} as const;
