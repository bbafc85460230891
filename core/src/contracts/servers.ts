import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { LIMITS } from './limits.ts';
import { isoDateTime } from './wire.ts';
import { nulFree, text } from './text.ts';
import { CHANNEL_KINDS } from '../discord/botPorts.ts';
import { GUILD_FINDING_KINDS, ROLE_PROBLEM_KINDS } from '../discord/roleProblems.ts';
import { BIND_KINDS } from '../discord/binds.ts';
// The Configure dialog shows a template's live example by the very rule the bot fills it with.
export { formatNickname, NICKNAME_MAX_LENGTH } from '../discord/nickname.ts';

export { CHANNEL_KINDS, GUILD_FINDING_KINDS, ROLE_PROBLEM_KINDS };

/** Discord's channel types, by what they are; `other` covers threads, directories and types to come. */

/** A Discord role: its id, or a name that exactly one role of the server has (saved as its id); '' for none. */
const roleReference = text()
  .trim()
  .max(LIMITS.discordName, { message: `At most ${LIMITS.discordName} characters` });

/** Timings the Discord screens take from the spec (spec 1 sections 2.6, 7, 9; spec 3 section 9). */
export const DISCORD_SCREEN_TIMINGS = {
  /** GET /api/discord/bot-status is polled this often. */
  botStatusPollMs: 5000,
  /** /servers leaves for / this long after a 401 on the user call. */
  unauthorizedRedirectMs: 2000,
  /** A copy button reads "Copied!" this long. */
  copyFeedbackMs: 2000,
  /** GET /api/user/servers is retried this many times. */
  userServersRetries: 3,
  /** GET /api/discord/servers/{id}/sync is polled this often while a server-wide sync runs (issue 27). */
  serverSyncPollMs: 2000,
} as const;

/** The Discord developer portal, where applications and bot tokens are made. */
export const DISCORD_DEVELOPER_PORTAL = 'https://discord.com/developers/applications';

export const connectedServerSchema = z.object({ id: text(), name: text(), memberCount: z.number().int() });

/** A server card of My Servers (spec 1 section 3, "Server (user servers list)"). */
export const userServerSchema = z.object({
  id: text(),
  name: text(),
  icon: text().nullable(),
  memberCount: z.number().int(),
  onlineMembers: z.number().int(),
  isOnline: z.boolean(),
  userRole: text().nullable(),
  botJoinedAt: isoDateTime,
  commandsUsed24h: z.number().int(),
  features: z.array(text()),
  permissions: z.array(text()),
});
export type UserServer = z.infer<typeof userServerSchema>;

/** In the order the setup check lists them: what blocks everything first, single members last. */
/** `name`: a role or channel name of a configuration from before issue 22 that could not be turned into one id. */

export type RoleProblemsAnswer = z.infer<typeof serversEndpoints.listRoleProblems.response>;

/** A role or channel list as typed in the dialog: comma-separated text or a list; entries trimmed, empty ones dropped. */
const nameList = z
  .union([text(), z.array(text())])
  .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((entry) => entry.trim()).filter(Boolean))
  .pipe(
    z
      .array(text().max(LIMITS.discordName, { message: `Each role must be at most ${LIMITS.discordName} characters` }))
      .max(LIMITS.serverRoles, { message: `At most ${LIMITS.serverRoles} roles` }),
  );

const channel = text()
  .trim()
  .max(LIMITS.discordName, { message: `At most ${LIMITS.discordName} characters` });

/** Spec 1 section 3 server configuration, as GET answers it and POST takes it (plus what role sync reads). */
export const serverConfigSchema = z.object({
  moderationEnabled: z.boolean(),
  verificationEnabled: z.boolean(),
  groupBindingEnabled: z.boolean(),
  autoRoleSync: z.boolean(),
  moderatorRoles: nameList,
  adminRoles: nameList,
  boundGroupId: text()
    .trim()
    .regex(/^\d{0,20}$/, { message: 'The group ID is a Roblox group number' }),
  logChannel: channel,
  moderationLogChannel: channel,
  /** Where the bot posts the bound group's scheduled sessions and their reminders. */
  sessionsChannel: channel,
  /** Explicit rank binds (issue 22): the Roblox rank number (0-255) of the bound group and the role it gives. */
  rankBinds: z
    .array(
      z.object({
        rankId: z
          .number()
          .int()
          .min(0, { message: 'A Roblox rank number (0-255)' })
          .max(255, { message: 'A Roblox rank number (0-255)' }),
        roleId: roleReference.min(1, { message: 'Choose a role' }),
      }),
    )
    .max(LIMITS.rankBinds, { message: `At most ${LIMITS.rankBinds} rank binds` }),
  verificationRoleId: roleReference,
  unverifiedRoleId: roleReference,
  nicknameFormat: text().trim().min(1, { message: 'Required' }).max(LIMITS.name),
  /** Where the bot keeps its "Verify" button message (issue 35); '' for none. */
  verificationChannelId: channel,
  /** Roles whose holders no sync touches (issue 35). */
  bypassRoleIds: nameList,
});
export type ServerConfigInput = z.input<typeof serverConfigSchema>;
export type ServerConfigBody = z.output<typeof serverConfigSchema>;

/**
 * POST takes the full object; the fields beyond spec 1's ten keep their stored value when left out. Role and channel
 * entries may be ids or names (resolved to ids, 400 naming an entry that matches none or several); a new rank bind
 * to an elevated role needs `allowElevated: true`.
 */
export const serverConfigBodySchema = serverConfigSchema
  .partial({
    rankBinds: true,
    verificationRoleId: true,
    unverifiedRoleId: true,
    nicknameFormat: true,
    sessionsChannel: true,
    verificationChannelId: true,
    bypassRoleIds: true,
  })
  .extend({ allowElevated: z.boolean().optional() });

/** A role of the server as the bot sees it (issue 22). */
export const serverRoleSchema = z.object({
  id: text(),
  name: text(),
  /** Higher sits above; the bot gives only roles below its own highest role. */
  position: z.number().int(),
  /** 24-bit RGB; 0 for none. */
  colour: z.number().int(),
  /** Managed by an integration (a bot's own role, boosters): nobody assigns it by hand. */
  managed: z.boolean(),
  /** Has Administrator, Manage Server, Manage Roles, Kick Members, Ban Members or Moderate Members. */
  elevated: z.boolean(),
  /** Below the bot's highest role, not managed, not @everyone. */
  assignable: z.boolean(),
  /** Why the bot cannot give or take it (hierarchy, integration, missing Manage Roles), and the fix; null when it can. */
  problem: text().nullable(),
});
export type ServerRole = z.infer<typeof serverRoleSchema>;

export const serverChannelSchema = z.object({ id: text(), name: text(), type: z.enum(CHANNEL_KINDS) });
export type ServerChannel = z.infer<typeof serverChannelSchema>;

const serverConfigAnswer = z.object({
  moderationEnabled: z.boolean(),
  verificationEnabled: z.boolean(),
  groupBindingEnabled: z.boolean(),
  autoRoleSync: z.boolean(),
  moderatorRoles: z.array(text()),
  adminRoles: z.array(text()),
  boundGroupId: text(),
  logChannel: text(),
  moderationLogChannel: text(),
  sessionsChannel: text(),
  rankBinds: z.array(z.object({ rankId: z.number().int(), roleId: text() })),
  verificationRoleId: text(),
  unverifiedRoleId: text(),
  nicknameFormat: text(),
  /** Where the bot keeps its "Verify" button message (issue 35); '' when none. */
  verificationChannelId: text(),
  /** Roles whose holders no sync touches (issue 35). */
  bypassRoleIds: z.array(text()),
  /** The server's roles, highest first (no @everyone); empty until the bot has reported the server. */
  roles: z.array(serverRoleSchema),
  /** The server's channels; empty until the bot has reported the server. */
  channels: z.array(serverChannelSchema),
});
export type ServerConfigAnswer = z.infer<typeof serverConfigAnswer>;

/** `/:id` of a Discord server's routes: a snowflake, digits only. */
export const guildIdParamsSchema = z.object({
  id: text().regex(/^\d{1,20}$/, { message: 'A Discord server id (digits)' }),
});
/** `/:userId` of PATCH /api/users/:userId/verify: a GroupFlow user id. */
export const verifyUserParamsSchema = z.object({ userId: z.coerce.number().int().positive({ message: 'A user id' }) });

// ---- Binds and verification restrictions (issue 35) ----

const robloxNumber = (what: string) => text().regex(/^\d{1,20}$/, { message: `A Roblox ${what} id (digits)` });
const rankNumber = z
  .number()
  .int()
  .min(0, { message: 'A Roblox rank number (0-255)' })
  .max(255, { message: 'A Roblox rank number (0-255)' });

/**
 * A bind as PUT takes it: the kind decides which of `groupId`, `rankId`, `minRank`/`maxRank` and `assetId` it needs
 * (400 naming the missing field); `id` is kept when given (an unchanged bind), made up otherwise.
 */
export const bindInputSchema = z
  .object({
    id: text().max(LIMITS.name).optional(),
    kind: z.enum(BIND_KINDS, { message: `One of ${BIND_KINDS.join(', ')}` }),
    groupId: robloxNumber('group').optional(),
    rankId: rankNumber.optional(),
    minRank: rankNumber.optional(),
    maxRank: rankNumber.optional(),
    assetId: robloxNumber('item').optional(),
    roleIds: z
      .array(roleReference.min(1, { message: 'Choose a role' }))
      .min(1, { message: 'Choose at least one role' })
      .max(LIMITS.serverRoles, { message: `At most ${LIMITS.serverRoles} roles` }),
    nickname: text().trim().max(LIMITS.name).nullable().optional(),
  })
  .superRefine((bind, context) => {
    const need = (field: 'groupId' | 'rankId' | 'minRank' | 'maxRank' | 'assetId', message: string) => {
      if (bind[field] === undefined) context.addIssue({ code: 'custom', path: [field], message });
    };
    if (bind.kind === 'group' || bind.kind === 'rank' || bind.kind === 'rankRange') need('groupId', 'Choose a group');
    if (bind.kind === 'rank') need('rankId', 'Choose a rank');
    if (bind.kind === 'rankRange') {
      need('minRank', 'Choose the lowest rank');
      need('maxRank', 'Choose the highest rank');
      if (bind.minRank !== undefined && bind.maxRank !== undefined && bind.minRank > bind.maxRank)
        context.addIssue({ code: 'custom', path: ['maxRank'], message: 'The highest rank is below the lowest' });
    }
    if (bind.kind === 'gamepass' || bind.kind === 'badge' || bind.kind === 'asset')
      need('assetId', 'Enter the item id');
  });
export type BindInput = z.input<typeof bindInputSchema>;

export const bindSchema = z.object({
  id: text(),
  kind: z.enum(BIND_KINDS),
  groupId: text().optional(),
  rankId: z.number().int().optional(),
  minRank: z.number().int().optional(),
  maxRank: z.number().int().optional(),
  assetId: text().optional(),
  roleIds: z.array(text()),
  nickname: text().nullable().optional(),
});
export type BindAnswer = z.infer<typeof bindSchema>;

export const bindsAnswerSchema = z.object({ binds: z.array(bindSchema) });

/**
 * `?dryRun=true` saves nothing and starts no sync: it answers the binds as they would be stored and `touched`, how
 * many of the server's linked members would gain or lose a role or change nickname, counted from stored links and
 * stored group ranks without asking Roblox.
 */
export const replaceBindsQuerySchema = z.object({
  dryRun: z.enum(['true', 'false'], { message: 'true or false' }).optional(),
});

export const replaceBindsAnswerSchema = bindsAnswerSchema.extend({
  /** Only on a dry run. */
  touched: z.number().int().optional(),
});

/** PUT replaces the whole list and starts a server-wide sync; a new bind to an elevated role needs allowElevated. */
export const bindsBodySchema = z.object({
  binds: z.array(bindInputSchema).max(LIMITS.rankBinds, { message: `At most ${LIMITS.rankBinds} binds` }),
  allowElevated: z.boolean().optional(),
});

export const restrictionsSchema = z.object({
  minAccountAgeDays: z
    .number()
    .int()
    .min(0, { message: 'Between 0 and 3650 days' })
    .max(3650, { message: 'Between 0 and 3650 days' }),
  requireGroupId: robloxNumber('group').nullable(),
  bannedRobloxIds: z
    .array(z.object({ robloxId: robloxNumber('user'), reason: text().trim().max(LIMITS.name) }))
    .max(LIMITS.rankBinds, { message: `At most ${LIMITS.rankBinds} banned accounts` }),
});

export const bindPreviewBodySchema = z.object({
  discordUserId: text().regex(/^\d{1,20}$/, { message: 'A Discord user id (digits)' }),
});

/**
 * What a sync would do to one member now, writing nothing to Discord. The API holds no gateway and so not the
 * member's current roles: `adding` is every role the sync gives them if they lack it, `removing` every role it
 * takes if they hold it (roles named by no bind are never touched either way).
 */
export const bindPreviewSchema = z.object({
  /** The Roblox account the sync gives roles for (proven, or vouched for here); null when none. */
  robloxId: text().nullable(),
  /** Why the member may not verify here (restrictions), or null. */
  restricted: text().nullable(),
  adding: z.array(z.object({ id: text(), name: text() })),
  removing: z.array(z.object({ id: text(), name: text() })),
  /** The nickname the sync would set; null when it leaves the nickname alone. */
  nickname: text().nullable(),
  /** What the bot could not do for this member, and why (its role too low, a missing permission, the owner). */
  skipped: z.array(z.object({ target: text(), reason: text() })),
});

export const SERVER_SYNC_STATES = ['idle', 'running', 'done', 'failed', 'cancelled'] as const;

/**
 * A server-wide role sync (issue 27): the current or last run, `idle` when there never was one. The counts are of
 * the run's current pass (a trigger while it runs starts a new pass with the new settings); `estimatedSecondsLeft`
 * is null until the pace is known, 0 once it has stopped.
 */
export const serverSyncProgressSchema = z.object({
  state: z.enum(SERVER_SYNC_STATES),
  /** Numbers the server's passes, a new one for each start and each change of settings; null while idle. */
  runId: z.number().int().nullable(),
  total: z.number().int(),
  visited: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  startedAt: isoDateTime.nullable(),
  finishedAt: isoDateTime.nullable(),
  estimatedSecondsLeft: z.number().int().nullable(),
});
export type ServerSyncProgressAnswer = z.infer<typeof serverSyncProgressSchema>;

/** A user card of the verification page. */
export const verificationUserSchema = z.object({
  id: z.number().int(),
  username: text(),
  discordId: text().nullable(),
  avatar: text().nullable(),
  discriminator: text().nullable(),
  /** Proven by the member, or vouched for by a manager of one of the caller's servers (that server only). */
  isVerified: z.boolean(),
  /** The member's own proof (Roblox sign-in or profile code); a vouch never sets it. */
  isProven: z.boolean(),
  isOnline: z.boolean(),
  robloxId: text().nullable(),
  robloxUsername: text().nullable(),
  createdAt: isoDateTime,
  /**
   * Verified (proven, or vouched for here), Pending (claimed an account, not proven: a manager may vouch), Restricted
   * (a server's banned-account list names the account; `restrictedReason` says which and why), Unlinked.
   */
  status: z.enum(['verified', 'pending', 'restricted', 'unlinked']),
  /** The claimed, unproven account a Pending member is waiting with. */
  claim: z.object({ robloxId: text(), robloxUsername: text().nullable() }).nullable(),
  restrictedReason: text().nullable(),
});
export type VerificationUser = z.infer<typeof verificationUserSchema>;

export const verifyUserBodySchema = z.object({
  robloxId: z.coerce
    .string()
    .check(nulFree())
    .trim()
    .regex(/^\d{1,20}$/, { message: 'A Roblox user id (digits)' }),
  robloxUsername: text()
    .trim()
    .regex(/^[A-Za-z0-9_]{3,20}$/, { message: 'A Roblox username: 3 to 20 letters, digits or underscores' }),
});

/** The Discord area: bot status and invitations, My Servers, server configuration and the verification list. */
export const serversEndpoints = {
  /** `GET /api/discord/client-id`: the application id, when one is configured. */
  getClientId: endpoint({
    method: 'GET',
    path: '/api/discord/client-id',
    summary: 'The Discord application id (DISCORD_CLIENT_ID)',
    auth: 'public',
    response: z.object({ clientId: text().nullable(), configured: z.boolean() }),
  }),
  /** `GET /api/discord/invite-url`: the bot's listed permissions, scopes bot and applications.commands; null until set up. */
  getInviteUrl: endpoint({
    method: 'GET',
    path: '/api/discord/invite-url',
    summary: 'The bot invitation address',
    auth: 'public',
    response: z.object({ inviteUrl: text().nullable(), setupRequired: z.boolean() }),
  }),
  /** `GET /api/discord/bot-status`, polled every 5 s. connectedServers lists only guilds the caller manages. */
  getBotStatus: endpoint({
    method: 'GET',
    path: '/api/discord/bot-status',
    summary: 'Whether the bot has a token and is online, and its servers',
    auth: 'public',
    response: z.object({
      hasToken: z.boolean(),
      isOnline: z.boolean(),
      guildCount: z.number().int(),
      connectedServers: z.array(connectedServerSchema),
    }),
  }),
  listUserServers: endpoint({
    method: 'GET',
    path: '/api/user/servers',
    summary: 'The servers the signed-in customer manages that have the bot',
    auth: 'customer',
    response: z.array(userServerSchema),
  }),
  /**
   * `GET /api/discord/role-problems`: per managed server the bot is in, what role sync cannot reach (a missing
   * permission, roles at or above the bot's highest role, members it may not manage), as the bot last found it.
   */
  listRoleProblems: endpoint({
    method: 'GET',
    path: '/api/discord/role-problems',
    summary: "Role-hierarchy and permission problems of the customer's servers, as the bot found them",
    auth: 'customer',
    response: z.object({
      servers: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          problems: z.array(
            z.object({ kind: z.enum(ROLE_PROBLEM_KINDS), name: z.string(), reason: z.string(), notedAt: isoDateTime }),
          ),
        }),
      ),
    }),
  }),
  getServerConfig: endpoint({
    method: 'GET',
    path: '/api/discord/servers/:id/config',
    params: guildIdParamsSchema,
    summary: "A managed server's configuration (defaults when never saved)",
    auth: 'customer',
    response: serverConfigAnswer,
  }),
  saveServerConfig: endpoint({
    method: 'POST',
    path: '/api/discord/servers/:id/config',
    params: guildIdParamsSchema,
    summary: "Saves a managed server's configuration",
    auth: 'customer',
    body: serverConfigBodySchema,
    response: serverConfigAnswer,
  }),
  readServerSyncProgress: endpoint({
    method: 'GET',
    path: '/api/discord/servers/:id/sync',
    params: guildIdParamsSchema,
    summary: "Progress of a managed server's server-wide role sync",
    auth: 'customer',
    response: serverSyncProgressSchema,
  }),
  startServerSync: endpoint({
    method: 'POST',
    path: '/api/discord/servers/:id/sync',
    params: guildIdParamsSchema,
    summary:
      'Starts a role sync of every member of a managed server (202); while one is running, answers that one (200)',
    auth: 'customer',
    response: serverSyncProgressSchema,
    successStatus: 202,
    otherStatuses: { 200: 'A sync was already running with the current settings: its progress; nothing new started' },
    rateLimit: 'SERVER_SYNC_STARTS_PER_HOUR starts per server in an hour (code SERVERS.TOO_MANY_SYNC_STARTS)',
  }),
  cancelServerSync: endpoint({
    method: 'DELETE',
    path: '/api/discord/servers/:id/sync',
    params: guildIdParamsSchema,
    summary: "Stops a managed server's running role sync where it is",
    auth: 'customer',
    response: serverSyncProgressSchema,
  }),
  listServerBinds: endpoint({
    method: 'GET',
    path: '/api/discord/servers/:id/binds',
    params: guildIdParamsSchema,
    summary: "A managed server's binds (the bound group's rank binds included, as rank binds)",
    auth: 'customer',
    response: bindsAnswerSchema,
  }),
  replaceServerBinds: endpoint({
    method: 'PUT',
    path: '/api/discord/servers/:id/binds',
    params: guildIdParamsSchema,
    summary:
      "Replaces a managed server's binds and starts a server-wide sync; ?dryRun=true counts the members it would touch",
    auth: 'customer',
    query: replaceBindsQuerySchema,
    body: bindsBodySchema,
    response: replaceBindsAnswerSchema,
  }),
  readServerRestrictions: endpoint({
    method: 'GET',
    path: '/api/discord/servers/:id/restrictions',
    params: guildIdParamsSchema,
    summary: 'Who may verify in a managed server: account age, a required group, banned Roblox accounts',
    auth: 'customer',
    response: restrictionsSchema,
  }),
  replaceServerRestrictions: endpoint({
    method: 'PUT',
    path: '/api/discord/servers/:id/restrictions',
    params: guildIdParamsSchema,
    summary: "Replaces a managed server's verification restrictions and starts a server-wide sync",
    auth: 'customer',
    body: restrictionsSchema,
    response: restrictionsSchema,
  }),
  previewServerBinds: endpoint({
    method: 'POST',
    path: '/api/discord/servers/:id/binds/preview',
    params: guildIdParamsSchema,
    summary: 'What a sync would give and take from one member now, writing nothing to Discord',
    auth: 'customer',
    body: bindPreviewBodySchema,
    response: bindPreviewSchema,
  }),
  listGuildMembers: endpoint({
    method: 'GET',
    path: '/api/users',
    summary: 'Signed-in users who are members of a server the caller manages',
    auth: 'customer',
    response: z.array(verificationUserSchema),
  }),
  verifyMember: endpoint({
    method: 'PATCH',
    path: '/api/users/:userId/verify',
    params: verifyUserParamsSchema,
    summary:
      "Vouches that a member of the caller's servers owns that Roblox account: counts in those servers only, never as the member's proof; never for oneself",
    auth: 'customer',
    body: verifyUserBodySchema,
    response: z.object({ message: text(), user: verificationUserSchema }),
  }),
} as const;

/**
 * What the bot asks for when invited, as Discord's settings name them, with each permission's bit
 * (discord.com/developers/docs/topics/permissions): exactly what its features use, never Administrator (issue 36).
 * The Add to Server page lists these, and the invite asks for these bits and no others.
 */
export const BOT_INVITE_PERMISSIONS = [
  { label: 'View Channels', bit: 10 },
  { label: 'Send Messages', bit: 11 },
  { label: 'Read Message History', bit: 16 },
  { label: 'Use Slash Commands', bit: 31 },
  { label: 'Manage Roles', bit: 28 },
  { label: 'Manage Nicknames', bit: 27 },
  { label: 'Kick Members', bit: 1 },
  { label: 'Ban Members', bit: 2 },
  { label: 'Timeout Members', bit: 40 },
  { label: 'Manage Messages', bit: 13 },
] as const;

/** The invite's `permissions`: the bits of BOT_INVITE_PERMISSIONS, as Discord's decimal string. */
export const botInvitePermissions = (): string =>
  BOT_INVITE_PERMISSIONS.reduce((set, { bit }) => set | (1n << BigInt(bit)), 0n).toString();

/** The invitation address of spec 1 section 2.7: the listed permissions, bot and slash commands. */
export function botInviteUrl(discordBaseUrl: string, applicationId: string): string {
  const url = new URL('/oauth2/authorize', discordBaseUrl);
  url.searchParams.set('client_id', applicationId);
  url.searchParams.set('permissions', botInvitePermissions());
  url.searchParams.set('scope', 'bot applications.commands');
  return url.toString();
}
