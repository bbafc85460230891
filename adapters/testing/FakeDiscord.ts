import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { bodyOf, ContractRecorder, type ContractMode } from './contractRecorder.ts';

/**
 * A local Discord for tests and the bench: REST v10 under /api/v10 and the gateway WebSocket at the root path,
 * speaking what discord.js 14 sends and expects (see docs/architecture.md, "The bot"). It enforces what makes
 * real bots fail — missing permissions and the role hierarchy answer 403 with code 50013 — and can be told to
 * answer the next matching request with a 429 or a 403. Every REST request and answer is held to Discord's
 * OpenAPI document (`contractViolations`; `stop()` throws on any, see ContractMode); the gateway is not.
 */

export const PERMISSION_BITS = {
  KickMembers: 1n << 1n,
  BanMembers: 1n << 2n,
  Administrator: 1n << 3n,
  ManageGuild: 1n << 5n,
  SendMessages: 1n << 11n,
  ManageNicknames: 1n << 27n,
  ManageRoles: 1n << 28n,
  ModerateMembers: 1n << 40n,
} as const;
export type FakePermission = keyof typeof PERMISSION_BITS;

export const bits = (...permissions: FakePermission[]) =>
  permissions.reduce((all, name) => all | PERMISSION_BITS[name], 0n);

export interface FakeUser {
  id: string;
  username: string;
  global_name: string | null;
  /** Another bot's account (GroupFlow's own is always one). */
  bot?: boolean;
}

export interface FakeRole {
  id: string;
  name: string;
  position: number;
  permissions: bigint;
  managed?: boolean;
  /** 24-bit RGB; 0 for none. */
  colour?: number;
}

/** Discord's channel type numbers the fake serves. */
export const CHANNEL_TYPES = { text: 0, voice: 2, category: 4, announcement: 5, stage: 13, forum: 15 } as const;

export interface FakeChannel {
  id: string;
  name: string;
  type: number;
}

export interface FakeMember {
  user: FakeUser;
  nick: string | null;
  roles: string[];
  communication_disabled_until: string | null;
}

export interface FakeGuild {
  id: string;
  name: string;
  ownerId: string;
  roles: FakeRole[];
  channels: FakeChannel[];
  members: Map<string, FakeMember>;
  bans: Map<string, string>;
}

export interface FakeMessage {
  id: string;
  channelId: string;
  content: string;
  components: unknown[];
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
  at: number;
  /** The status it was answered with (set when the answer is sent). */
  status?: number;
}

/** Discord's per-route buckets: `limit` requests per `windowMs` for each route and major parameter (the guild). */
export interface FakeRateLimits {
  limit: number;
  windowMs: number;
}

interface Bucket {
  remaining: number;
  resetAt: number;
}

interface Fault {
  method: string;
  path: RegExp;
  status: 429 | 403;
  retryAfterSeconds?: number;
}

interface PendingInteraction {
  sentAt: number;
  acknowledged: (value: { type: number; data: unknown; latencyMs: number }) => void;
  edited: ((content: string) => void)[];
}

export interface CommandOptionInput {
  name: string;
  type: number;
  value: string | number | boolean;
}

const API = '/api/v10';
const DISCORD_EPOCH = 1420070400000n;

let sequence = 0n;
/** Snowflake-shaped ids, increasing, so discord.js can read timestamps from them. */
export function snowflake(): string {
  sequence += 1n;
  return (((BigInt(Date.now()) - DISCORD_EPOCH) << 22n) | (sequence & 0x3fffffn)).toString();
}

/** Discord numbers a message's components depth-first from 1 where the sender gave none, and answers the ids. */
function withComponentIds(components: unknown[]): unknown[] {
  let next = 0;
  const numbered = (component: Record<string, unknown>): Record<string, unknown> => ({
    ...component,
    id: component.id ?? ++next,
    ...(Array.isArray(component.components) ? { components: component.components.map(numbered) } : {}),
  });
  return components.map((component) => numbered(component as Record<string, unknown>));
}

export class FakeDiscord {
  readonly token: string;
  readonly applicationId = snowflake();
  readonly botUser: FakeUser = { id: this.applicationId, username: 'GroupFlow', global_name: null };
  readonly guilds = new Map<string, FakeGuild>();
  readonly requests: RecordedRequest[] = [];
  /** Every message the bot posted, oldest first; `components` as sent (buttons), deleted ones taken out. */
  readonly messages: FakeMessage[] = [];
  commands: Record<string, unknown>[] = [];
  /** How long the gateway tells clients to wait between heartbeats. */
  heartbeatIntervalMs = 41_250;
  readonly heartbeats: number[] = [];
  /** The `shard` of every IDENTIFY, in arrival order: which gateway sessions the bot opened. */
  readonly identifies: [number, number][] = [];

  readonly #server: Server;
  readonly #gateway: WebSocketServer;
  readonly #sockets = new Set<WebSocket & { seq: number; identified: boolean }>();
  readonly #faults: Fault[] = [];
  readonly #buckets = new Map<string, Bucket>();
  #rateLimits: FakeRateLimits | undefined;
  readonly #interactions = new Map<string, PendingInteraction>();
  readonly #byToken = new Map<string, PendingInteraction>();
  #url = '';
  readonly #contracts: ContractRecorder;

  constructor(options: { token?: string; rateLimits?: FakeRateLimits; contracts?: ContractMode } = {}) {
    this.token = options.token ?? 'fake-bot-token';
    this.#rateLimits = options.rateLimits;
    this.#contracts = new ContractRecorder('FakeDiscord', options.contracts);
    this.#server = createServer((req, res) => void this.#handle(req, res));
    this.#gateway = new WebSocketServer({ noServer: true });
    this.#server.on('upgrade', (req, socket, head) => {
      this.#gateway.handleUpgrade(req, socket, head, (ws) =>
        this.#open(ws as WebSocket & { seq: number; identified: boolean }),
      );
    });
  }

  /** The value for DISCORD_BASE_URL. */
  get url(): string {
    return this.#url;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.#url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  /** Requests it received and answers it gave that Discord's document (or the allow-list) does not describe. */
  get contractViolations() {
    return this.#contracts.violations;
  }

  /** Closes the server, then throws (or reports) the contract violations seen. */
  async stop(): Promise<void> {
    for (const socket of this.#sockets) socket.terminate();
    this.#gateway.close();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
    this.#contracts.settle();
  }

  /** A guild the bot is in; `shard` (of `shardCount`) picks an id that Discord's sharding rule sends there. */
  addGuild(input: {
    name: string;
    ownerId: string;
    botPermissions: bigint;
    botRolePosition: number;
    shard?: [number, number];
  }): FakeGuild {
    let id = snowflake();
    while (input.shard && this.#shardOf(id, input.shard[1]) !== input.shard[0]) id = snowflake();
    const botRole: FakeRole = {
      id: snowflake(),
      name: 'GroupFlow',
      position: input.botRolePosition,
      permissions: input.botPermissions,
      managed: true,
    };
    const guild: FakeGuild = {
      id,
      name: input.name,
      ownerId: input.ownerId,
      roles: [{ id, name: '@everyone', position: 0, permissions: 0n }, botRole],
      channels: [],
      members: new Map(),
      bans: new Map(),
    };
    guild.members.set(this.botUser.id, {
      user: this.botUser,
      nick: null,
      roles: [botRole.id],
      communication_disabled_until: null,
    });
    this.guilds.set(id, guild);
    return guild;
  }

  addRole(guild: FakeGuild, name: string, position: number, permissions = 0n, colour = 0): FakeRole {
    const role = { id: snowflake(), name, position, permissions, colour };
    guild.roles.push(role);
    return role;
  }

  /** Someone with Manage Roles creates a role while bots are connected: GUILD_ROLE_CREATE on every session. */
  createRole(guild: FakeGuild, name: string, position: number, permissions = 0n): FakeRole {
    const role = this.addRole(guild, name, position, permissions);
    this.#dispatch('GUILD_ROLE_CREATE', { guild_id: guild.id, role: this.#roleJson(role) });
    return role;
  }

  addChannel(guild: FakeGuild, name: string, type: number = CHANNEL_TYPES.text): string {
    const id = snowflake();
    guild.channels.push({ id, name, type });
    return id;
  }

  /** Adds a member without telling connected bots (the state a bot finds when it connects). */
  putMember(guild: FakeGuild, user: Partial<FakeUser> & { id?: string }, roles: string[] = []): FakeMember {
    const full: FakeUser = {
      id: user.id ?? snowflake(),
      username: user.username ?? `user${sequence}`,
      global_name: user.global_name ?? null,
      ...(user.bot ? { bot: true } : {}),
    };
    const member: FakeMember = { user: full, nick: null, roles, communication_disabled_until: null };
    guild.members.set(full.id, member);
    return member;
  }

  /** A member joins: GUILD_MEMBER_ADD on every identified gateway session. */
  memberJoins(guild: FakeGuild, user: Partial<FakeUser> & { id?: string }): FakeMember {
    const member = this.putMember(guild, user);
    this.#dispatch('GUILD_MEMBER_ADD', { ...this.#memberJson(member), guild_id: guild.id });
    return member;
  }

  /** The next request matching method and path answers with this status instead (429 with retry-after, or 403). */
  failNext(fault: Fault): void {
    this.#faults.push(fault);
  }

  /**
   * A member runs a slash command. `acknowledged` resolves with the first callback and the time it took;
   * `edited` with the content of the first edit of the original response.
   */
  interact(guild: FakeGuild, userId: string, name: string, options: CommandOptionInput[] = []) {
    const member = guild.members.get(userId);
    if (!member) throw new Error(`no member ${userId}`);
    const { id, token, acknowledged: acked, edited } = this.#pending();
    const users: Record<string, unknown> = {};
    const members: Record<string, unknown> = {};
    for (const option of options) {
      const target = option.type === 6 ? guild.members.get(String(option.value)) : undefined;
      if (target) {
        users[target.user.id] = this.#userJson(target.user);
        const { user: _user, ...rest } = this.#memberJson(target);
        members[target.user.id] = { ...rest, permissions: this.#permissionsOf(guild, target).toString() };
      }
    }
    const channel = guild.channels[0] ?? { id: guild.id, name: 'general' };
    this.#dispatchInteraction(
      guild,
      member,
      channel,
      { id, token, type: 2 },
      {
        data: {
          id: (this.commands.find((command) => command.name === name)?.id as string | undefined) ?? snowflake(),
          name,
          type: 1,
          options,
          resolved: { users, members },
        },
      },
    );
    return { id, acknowledged: acked, edited };
  }

  /**
   * A member presses a button of one of the bot's messages: a MESSAGE_COMPONENT interaction with its custom id.
   * Resolves like `interact`: the first callback, and the first edit of the answer.
   */
  pressButton(guild: FakeGuild, userId: string, message: FakeMessage, customId: string) {
    const member = guild.members.get(userId);
    if (!member) throw new Error(`no member ${userId}`);
    const { id, token, acknowledged, edited } = this.#pending();
    const channel = guild.channels.find((candidate) => candidate.id === message.channelId)!;
    this.#dispatchInteraction(
      guild,
      member,
      channel,
      { id, token, type: 3 },
      {
        message: this.#messageJson(message.channelId, message.content, message.id, message.components),
        data: { custom_id: customId, component_type: 2 },
      },
    );
    return { id, acknowledged, edited };
  }

  /** INTERACTION_CREATE as Discord sends it from a guild channel: type 2 a slash command, 3 a button press. */
  #dispatchInteraction(
    guild: FakeGuild,
    member: FakeMember,
    channel: { id: string; name: string },
    interaction: { id: string; token: string; type: 2 | 3 },
    payload: Record<string, unknown>,
  ) {
    this.#dispatch('INTERACTION_CREATE', {
      ...interaction,
      application_id: this.applicationId,
      version: 1,
      guild_id: guild.id,
      guild: { id: guild.id, locale: 'en-US', features: [] },
      channel_id: channel.id,
      channel: { id: channel.id, type: 0, name: channel.name, guild_id: guild.id },
      member: { ...this.#memberJson(member), permissions: this.#permissionsOf(guild, member).toString() },
      app_permissions: this.#permissionsOf(guild, guild.members.get(this.botUser.id)!).toString(),
      locale: 'en-US',
      guild_locale: 'en-US',
      entitlements: [],
      authorizing_integration_owners: { '0': guild.id },
      context: 0,
      ...payload,
    });
  }

  /** Someone deletes a message: MESSAGE_DELETE on every identified session (the bot never saw it cached after a restart). */
  deleteMessage(guild: FakeGuild, message: FakeMessage): void {
    this.messages.splice(this.messages.indexOf(message), 1);
    this.#dispatch('MESSAGE_DELETE', { id: message.id, channel_id: message.channelId, guild_id: guild.id });
  }

  #pending() {
    const id = snowflake();
    const token = `tok-${id}`;
    let acknowledged!: PendingInteraction['acknowledged'];
    const acked = new Promise<{ type: number; data: unknown; latencyMs: number }>(
      (resolve) => (acknowledged = resolve),
    );
    const pending: PendingInteraction = { sentAt: performance.now(), acknowledged, edited: [] };
    const edited = new Promise<string>((resolve) => pending.edited.push(resolve));
    this.#interactions.set(id, pending);
    this.#byToken.set(token, pending);
    return { id, token, acknowledged: acked, edited };
  }

  /**
   * Turns Discord's rate limits on (or off with undefined): every bot REST route answers the X-RateLimit-* headers
   * of its bucket, and a request over the bucket's limit gets a 429 with retry-after, as Discord does.
   */
  rateLimit(limits: FakeRateLimits | undefined): void {
    this.#rateLimits = limits;
    this.#buckets.clear();
  }

  /** Requests whose path matches, e.g. to count member edits. */
  requestsTo(method: string, path: RegExp): RecordedRequest[] {
    return this.requests.filter((request) => request.method === method && path.test(request.path));
  }

  // --- gateway ---

  #open(socket: WebSocket & { seq: number; identified: boolean }) {
    socket.seq = 0;
    socket.identified = false;
    this.#sockets.add(socket);
    socket.on('close', () => this.#sockets.delete(socket));
    socket.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as { op: number; d: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- gateway frames are free-form JSON;
      if (frame.op === 1) {
        this.heartbeats.push(Date.now());
        socket.send(JSON.stringify({ op: 11 }));
      } else if (frame.op === 2) {
        if (frame.d.token !== this.token && frame.d.token !== `Bot ${this.token}`)
          return socket.close(4004, 'Authentication failed.');
        socket.identified = true;
        const shard: [number, number] = frame.d.shard ?? [0, 1];
        this.identifies.push(shard);
        const mine = [...this.guilds.values()].filter((guild) => this.#shardOf(guild.id, shard[1]) === shard[0]);
        this.#send(socket, 'READY', {
          v: 10,
          user: { ...this.#userJson(this.botUser), bot: true },
          guilds: mine.map((guild) => ({ id: guild.id, unavailable: true })),
          session_id: `session-${snowflake()}`,
          resume_gateway_url: this.#url.replace(/^http/, 'ws'),
          shard,
          application: { id: this.applicationId, flags: 0 },
        });
        for (const guild of mine) this.#send(socket, 'GUILD_CREATE', this.#guildJson(guild));
      } else if (frame.op === 6) {
        socket.identified = true;
        this.#send(socket, 'RESUMED', {});
      } else if (frame.op === 8) {
        const guild = this.guilds.get(frame.d.guild_id);
        if (!guild) return;
        const wanted: string[] | undefined = frame.d.user_ids ? [frame.d.user_ids].flat() : undefined;
        const members = [...guild.members.values()].filter((member) => !wanted || wanted.includes(member.user.id));
        this.#send(socket, 'GUILD_MEMBERS_CHUNK', {
          guild_id: guild.id,
          members: members.map((member) => this.#memberJson(member)),
          chunk_index: 0,
          chunk_count: 1,
          nonce: frame.d.nonce,
        });
      }
    });
    socket.send(JSON.stringify({ op: 10, d: { heartbeat_interval: this.heartbeatIntervalMs } }));
  }

  #shardOf(guildId: string, shardCount: number): number {
    return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
  }

  #send(socket: WebSocket & { seq: number }, type: string, data: unknown) {
    socket.seq += 1;
    socket.send(JSON.stringify({ op: 0, t: type, s: socket.seq, d: data }));
  }

  #dispatch(type: string, data: object) {
    for (const socket of this.#sockets) {
      if (socket.identified) this.#send(socket, type, data);
    }
  }

  // --- shapes ---

  #userJson(user: FakeUser) {
    return {
      id: user.id,
      username: user.username,
      global_name: user.global_name,
      discriminator: '0',
      avatar: null,
      bot: user.id === this.botUser.id || user.bot === true,
      public_flags: 0,
      flags: 0,
      primary_guild: null,
    };
  }

  #memberJson(member: FakeMember) {
    return {
      user: this.#userJson(member.user),
      nick: member.nick,
      roles: member.roles,
      joined_at: new Date(0).toISOString(),
      deaf: false,
      mute: false,
      flags: 0,
      pending: false,
      avatar: null,
      banner: null,
      premium_since: null,
      communication_disabled_until: member.communication_disabled_until,
    };
  }

  /** The bot's own application (PrivateApplicationResponse): what discord.js and deploy-commands read. */
  #applicationJson() {
    return {
      id: this.applicationId,
      name: this.botUser.username,
      icon: null,
      description: '',
      type: null,
      bot: this.#userJson(this.botUser),
      verify_key: '0'.repeat(64),
      flags: 0,
      flags_new: '0',
      redirect_uris: [],
      interactions_endpoint_url: null,
      role_connections_verification_url: null,
      owner: this.#userJson({ id: snowflake(), username: 'owner', global_name: null }),
      approximate_guild_count: this.guilds.size,
      approximate_user_install_count: 0,
      approximate_user_authorization_count: 0,
      explicit_content_filter: 0,
      team: null,
      eligible_oauth2_scopes: [],
    };
  }

  #roleJson(role: FakeRole) {
    return {
      id: role.id,
      name: role.name,
      color: role.colour ?? 0,
      colors: { primary_color: role.colour ?? 0, secondary_color: null, tertiary_color: null },
      hoist: false,
      icon: null,
      unicode_emoji: null,
      position: role.position,
      permissions: role.permissions.toString(),
      managed: role.managed ?? false,
      mentionable: false,
      flags: 0,
    };
  }

  #channelJson(guild: FakeGuild, channel: FakeChannel, position: number) {
    return {
      id: channel.id,
      type: channel.type,
      name: channel.name,
      guild_id: guild.id,
      position,
      flags: 0,
      permission_overwrites: [],
      nsfw: false,
      parent_id: null,
    };
  }

  #guildJson(guild: FakeGuild) {
    return {
      id: guild.id,
      name: guild.name,
      icon: null,
      splash: null,
      discovery_splash: null,
      owner_id: guild.ownerId,
      afk_channel_id: null,
      afk_timeout: 300,
      verification_level: 0,
      default_message_notifications: 0,
      explicit_content_filter: 0,
      mfa_level: 0,
      system_channel_id: null,
      system_channel_flags: 0,
      rules_channel_id: null,
      vanity_url_code: null,
      description: null,
      home_header: null,
      banner: null,
      application_id: null,
      region: 'deprecated',
      widget_enabled: false,
      widget_channel_id: null,
      max_presences: null,
      max_members: 25_000_000,
      max_stage_video_channel_users: 50,
      max_video_channel_users: 25,
      premium_subscription_count: 0,
      safety_alerts_channel_id: null,
      nsfw: false,
      incidents_data: null,
      premium_tier: 0,
      preferred_locale: 'en-US',
      public_updates_channel_id: null,
      nsfw_level: 0,
      premium_progress_bar_enabled: false,
      features: [],
      roles: guild.roles.map((role) => this.#roleJson(role)),
      emojis: [],
      stickers: [],
      joined_at: new Date().toISOString(),
      large: guild.members.size > 250,
      unavailable: false,
      member_count: guild.members.size,
      // Without the presences intent Discord sends only the bot's own member.
      members: [this.#memberJson(guild.members.get(this.botUser.id)!)],
      channels: guild.channels.map((channel, index) => this.#channelJson(guild, channel, index)),
      threads: [],
      presences: [],
      voice_states: [],
      stage_instances: [],
      guild_scheduled_events: [],
      soundboard_sounds: [],
    };
  }

  #messageJson(channelId: string, content: string, id = snowflake(), components: unknown[] = []) {
    return {
      id,
      components: withComponentIds(components),
      channel_id: channelId,
      author: this.#userJson(this.botUser),
      content,
      timestamp: new Date().toISOString(),
      edited_timestamp: null,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: [],
      embeds: [],
      pinned: false,
      type: 0,
      flags: 0,
    };
  }

  // --- permissions, as Discord computes them (guild level; channel overwrites are not modelled) ---

  #permissionsOf(guild: FakeGuild, member: FakeMember): bigint {
    if (member.user.id === guild.ownerId) return Object.values(PERMISSION_BITS).reduce((all, bit) => all | bit, 0n);
    return guild.roles
      .filter((role) => role.id === guild.id || member.roles.includes(role.id))
      .reduce((all, role) => all | role.permissions, 0n);
  }

  #botMay(guild: FakeGuild, permission: FakePermission): boolean {
    const granted = this.#permissionsOf(guild, guild.members.get(this.botUser.id)!);
    return (granted & PERMISSION_BITS.Administrator) !== 0n || (granted & PERMISSION_BITS[permission]) !== 0n;
  }

  #top(guild: FakeGuild, roleIds: string[]): number {
    return Math.max(0, ...guild.roles.filter((role) => roleIds.includes(role.id)).map((role) => role.position));
  }

  /** The bot may act on the target: not the owner, and the target's highest role sits below the bot's. */
  #outranks(guild: FakeGuild, target: FakeMember): boolean {
    const bot = guild.members.get(this.botUser.id)!;
    return target.user.id !== guild.ownerId && this.#top(guild, target.roles) < this.#top(guild, bot.roles);
  }

  // --- REST ---

  /**
   * Takes one request from its bucket: the route with its major parameter (the guild or channel id) kept and every
   * other id folded, as Discord groups them. Fixed windows starting at the bucket's first request.
   */
  #takeFromBucket(method: string, route: string, limits: FakeRateLimits) {
    let seen = 0;
    const key = `${method} ${route.replace(/\d{5,}/g, (id) => (seen++ === 0 ? id : ':id'))}`;
    const now = Date.now();
    let bucket = this.#buckets.get(key);
    if (!bucket || now >= bucket.resetAt) {
      bucket = { remaining: limits.limit, resetAt: now + limits.windowMs };
      this.#buckets.set(key, bucket);
    }
    const resetAfter = (bucket.resetAt - now) / 1000;
    const refused = bucket.remaining === 0;
    if (!refused) bucket.remaining -= 1;
    const headers = {
      'x-ratelimit-limit': String(limits.limit),
      'x-ratelimit-remaining': String(bucket.remaining),
      'x-ratelimit-reset': (bucket.resetAt / 1000).toFixed(3),
      'x-ratelimit-reset-after': resetAfter.toFixed(3),
      // Discord's bucket hash names the route, not its major parameter.
      'x-ratelimit-bucket': createHash('sha1')
        .update(key.replace(/\d{5,}/, ':major'))
        .digest('hex'),
    };
    return { headers, retryAfterSeconds: refused ? Number(resetAfter.toFixed(3)) : undefined };
  }

  async #handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- REST bodies vary per route
    const body = raw ? (JSON.parse(raw) as any) : undefined;
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const path = url.pathname;
    const record: RecordedRequest = { method, path, body, at: performance.now() };
    this.requests.push(record);
    const exchange = {
      method,
      url: `https://discord.com${path}${url.search}`,
      body: bodyOf(raw, req.headers['content-type']),
    };
    this.#contracts.request(exchange);
    let limitHeaders: Record<string, string> = {};
    const send = (status: number, json?: unknown, headers: Record<string, string> = {}) => {
      this.#contracts.response(exchange, status, json);
      record.status = status;
      res.writeHead(status, {
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        ...limitHeaders,
        ...headers,
      });
      res.end(json === undefined ? undefined : JSON.stringify(json));
    };
    const forbidden = () => send(403, { message: 'Missing Permissions', code: 50013 });
    const notFound = (what: string) => send(404, { message: `Unknown ${what}`, code: 10000 });

    const faultIndex = this.#faults.findIndex((fault) => fault.method === method && fault.path.test(path));
    if (faultIndex >= 0) {
      const [fault] = this.#faults.splice(faultIndex, 1);
      if (fault!.status === 403) return forbidden();
      const seconds = fault!.retryAfterSeconds ?? 1;
      return send(
        429,
        { message: 'You are being rate limited.', code: 0, retry_after: seconds, global: false },
        {
          'retry-after': String(seconds),
          'x-ratelimit-scope': 'user',
        },
      );
    }

    // Interaction callbacks and webhook edits are authorised by the interaction token, not the bot token.
    let match = /^\/api\/v10\/interactions\/(\d+)\/([^/]+)\/callback$/.exec(path);
    if (match && method === 'POST') {
      const pending = this.#interactions.get(match[1]!);
      if (!pending) return send(404, { message: 'Unknown interaction', code: 10062 });
      this.#interactions.delete(match[1]!);
      pending.acknowledged({ type: body.type, data: body.data, latencyMs: performance.now() - pending.sentAt });
      if (body.type === 4) for (const resolve of pending.edited.splice(0)) resolve(body.data?.content ?? '');
      return send(204);
    }
    match = /^\/api\/v10\/webhooks\/(\d+)\/([^/]+)\/messages\/(?:%40|@)original$/.exec(path);
    if (match && method === 'PATCH') {
      const pending = this.#byToken.get(match[2]!);
      for (const resolve of pending?.edited.splice(0) ?? []) resolve(body?.content ?? '');
      return send(200, this.#messageJson(snowflake(), body?.content ?? ''));
    }

    if (req.headers.authorization !== `Bot ${this.token}`) return send(401, { message: '401: Unauthorized', code: 0 });
    if (!path.startsWith(API)) return notFound('route');
    const route = path.slice(API.length);
    if (this.#rateLimits) {
      const limited = this.#takeFromBucket(method, route, this.#rateLimits);
      limitHeaders = limited.headers;
      if (limited.retryAfterSeconds !== undefined) {
        return send(
          429,
          { message: 'You are being rate limited.', code: 0, retry_after: limited.retryAfterSeconds, global: false },
          { 'retry-after': String(limited.retryAfterSeconds), 'x-ratelimit-scope': 'user' },
        );
      }
    }

    if (route === '/gateway/bot' && method === 'GET') {
      return send(200, {
        url: this.#url.replace(/^http/, 'ws'),
        shards: 1,
        session_start_limit: { total: 1000, remaining: 1000, reset_after: 86_400_000, max_concurrency: 16 },
      });
    }
    if (route === '/applications/@me' && method === 'GET') {
      return send(200, this.#applicationJson());
    }
    // discord.js sends `@me` percent-encoded.
    if (/^\/users\/(?:%40|@)me$/.test(route) && method === 'GET') {
      // The account's own view adds what only its owner sees (UserPIIResponse).
      return send(200, {
        ...this.#userJson(this.botUser),
        mfa_enabled: false,
        locale: 'en-US',
      });
    }
    match = /^\/applications\/(\d+)\/commands$/.exec(route);
    if (match) {
      if (method === 'PUT') {
        // Discord takes the permission bit set as an integer or a string and answers it as a string.
        this.commands = (body as Record<string, unknown>[]).map((command) => ({
          ...command,
          id: snowflake(),
          application_id: this.applicationId,
          version: snowflake(),
          type: command.type ?? 1,
          default_member_permissions:
            command.default_member_permissions == null ? null : String(command.default_member_permissions),
        }));
      }
      // Tests may arrange `commands` by hand: the answer completes what Discord always sends.
      if (method === 'PUT' || method === 'GET')
        return send(
          200,
          this.commands.map((command) => ({
            application_id: this.applicationId,
            version: '1',
            type: 1,
            default_member_permissions: null,
            ...command,
          })),
        );
    }
    match = /^\/channels\/(\d+)\/messages$/.exec(route);
    if (match && method === 'POST') {
      const guild = [...this.guilds.values()].find((candidate) =>
        candidate.channels.some((channel) => channel.id === match![1]),
      );
      if (!guild) return notFound('Channel');
      if (!this.#botMay(guild, 'SendMessages')) return forbidden();
      const message: FakeMessage = {
        id: snowflake(),
        channelId: match[1]!,
        content: body.content,
        components: body.components ?? [],
      };
      this.messages.push(message);
      return send(200, this.#messageJson(message.channelId, message.content, message.id, message.components));
    }
    if (match && method === 'GET') {
      // Newest first, as Discord lists a channel's messages.
      const limit = Math.min(100, Math.max(1, Number(url.searchParams.get('limit') ?? 50)));
      return send(
        200,
        this.messages
          .filter((message) => message.channelId === match![1])
          .reverse()
          .slice(0, limit)
          .map((message) => this.#messageJson(message.channelId, message.content, message.id, message.components)),
      );
    }

    match = /^\/guilds\/(\d+)(\/.*)?$/.exec(route);
    const guild = match ? this.guilds.get(match[1]!) : undefined;
    if (!match || !guild) return notFound('Guild');
    const rest = match[2] ?? '';
    if (rest === '' && method === 'GET') return send(200, this.#guildJson(guild));
    if (rest === '/roles' && method === 'GET')
      return send(
        200,
        guild.roles.map((role) => this.#roleJson(role)),
      );
    if (rest === '/channels' && method === 'GET') {
      return send(
        200,
        guild.channels.map((channel, index) => this.#channelJson(guild, channel, index)),
      );
    }

    if (rest === '/members' && method === 'GET') {
      const limit = Math.min(1000, Math.max(1, Number(url.searchParams.get('limit') ?? 1)));
      const after = BigInt(url.searchParams.get('after') ?? '0');
      const members = [...guild.members.values()]
        .filter((member) => BigInt(member.user.id) > after)
        .sort((a, b) => (BigInt(a.user.id) < BigInt(b.user.id) ? -1 : 1))
        .slice(0, limit);
      return send(
        200,
        members.map((member) => this.#memberJson(member)),
      );
    }

    match = /^\/members\/(\d+)(?:\/roles\/(\d+))?$/.exec(rest);
    if (match) {
      const member = guild.members.get(match[1]!);
      if (!member) return notFound('Member');
      const roleId = match[2];
      if (roleId) {
        const role = guild.roles.find((candidate) => candidate.id === roleId);
        if (!role) return notFound('Role');
        if (
          !this.#botMay(guild, 'ManageRoles') ||
          role.position >= this.#top(guild, guild.members.get(this.botUser.id)!.roles)
        )
          return forbidden();
        if (method === 'PUT' && !member.roles.includes(roleId)) member.roles.push(roleId);
        if (method === 'DELETE') member.roles = member.roles.filter((id) => id !== roleId);
        return send(204);
      }
      if (method === 'GET') return send(200, this.#memberJson(member));
      if (method === 'PATCH') {
        if (!this.#outranks(guild, member)) return forbidden();
        const botTop = this.#top(guild, guild.members.get(this.botUser.id)!.roles);
        if (body.roles !== undefined) {
          const changed = [
            ...body.roles.filter((id: string) => !member.roles.includes(id)),
            ...member.roles.filter((id) => !body.roles.includes(id)),
          ];
          const tooHigh = guild.roles.some(
            (role) => changed.includes(role.id) && (role.position >= botTop || role.managed),
          );
          if (!this.#botMay(guild, 'ManageRoles') || tooHigh) return forbidden();
        }
        if (body.nick !== undefined && !this.#botMay(guild, 'ManageNicknames')) return forbidden();
        if (body.communication_disabled_until !== undefined && !this.#botMay(guild, 'ModerateMembers'))
          return forbidden();
        if (body.roles !== undefined) member.roles = body.roles;
        if (body.nick !== undefined) member.nick = body.nick;
        if (body.communication_disabled_until !== undefined)
          member.communication_disabled_until = body.communication_disabled_until;
        this.#dispatch('GUILD_MEMBER_UPDATE', { ...this.#memberJson(member), guild_id: guild.id });
        return send(200, this.#memberJson(member));
      }
      if (method === 'DELETE') {
        if (!this.#botMay(guild, 'KickMembers') || !this.#outranks(guild, member)) return forbidden();
        guild.members.delete(member.user.id);
        return send(204);
      }
    }
    match = /^\/bans\/(\d+)$/.exec(rest);
    if (match && method === 'PUT') {
      const member = guild.members.get(match[1]!);
      if (!this.#botMay(guild, 'BanMembers') || (member && !this.#outranks(guild, member))) return forbidden();
      guild.bans.set(match[1]!, String(req.headers['x-audit-log-reason'] ?? ''));
      guild.members.delete(match[1]!);
      return send(204);
    }
    return notFound('route');
  }
}
