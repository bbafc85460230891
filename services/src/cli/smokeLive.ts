/**
 * `npm run smoke:live`: the release's last step. Reads the real Discord and Roblox with the product's own clients and
 * adapters, and holds every HTTP exchange they make to the platforms' published documents
 * (adapters/testing/platform). Read-only: nothing is written on either platform. Report format: docs/operations.md.
 * Runs from a full checkout (the document validator is a dev dependency), never in CI against the real platforms.
 */
import { fileURLToPath } from 'node:url';
import { REST, Routes } from 'discord.js';
import type { Orm } from '@groupflow/adapters/persistence/database';
import { RobloxApi } from '@groupflow/adapters/roblox/RobloxApi';
import { PostgresRobloxCache, type RobloxCacheSettings } from '@groupflow/adapters/roblox/PostgresRobloxCache';
import {
  RobloxWebGroups,
  RobloxWebMemberships,
  RobloxWebThumbnails,
  RobloxWebUsers,
} from '@groupflow/adapters/roblox/RobloxWebAdapters';
import { OpenCloudGroupRanking } from '@groupflow/adapters/roblox/OpenCloudGroupRanking';
import {
  checkRequest,
  checkResponse,
  findOperation,
  type PlatformRequest,
} from '@groupflow/adapters/testing/platformContract';
import { loadConfig, type Config } from '../config.ts';

/** Where the documents place each platform: a configured base (a fake's, in tests) is read as the real one. */
const DOCUMENTED_DISCORD = 'https://discord.com/api';
const DOCUMENTED_OPEN_CLOUD = 'https://apis.roblox.com';

const trimSlash = (url: string) => url.replace(/\/$/, '');
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The documented addresses a request sent to the configured bases may stand for (the real ones when the bases are
 * Discord's and Roblox's own); none when it went elsewhere (an image on the CDN). A fake serves the legacy services
 * (ROBLOX_API_BASE's `{service}`) and Open Cloud on one origin, so both readings are offered.
 */
export function documentedUrls(config: Config, url: string): string[] {
  const [before, after] = trimSlash(config.roblox.api.apiBase).split('{service}') as [string, string | undefined];
  const legacy = new RegExp(`^${escaped(before)}([a-z]+)${escaped(after ?? '')}(/.*)$`).exec(url);
  const bases: [string, string][] = [
    [`${config.discord.baseUrl}/api`, DOCUMENTED_DISCORD],
    [trimSlash(config.roblox.api.openCloudBase), DOCUMENTED_OPEN_CLOUD],
  ];
  return [
    ...(legacy ? [`https://${legacy[1]}.roblox.com${legacy[2]}`] : []),
    ...bases.filter(([base]) => url.startsWith(`${base}/`)).map(([base, real]) => real + url.slice(base.length)),
  ];
}

interface Exchange {
  method: string;
  url: string;
  requestBody: unknown;
  status: number;
  contentType: string;
  body: unknown;
}

const parsedJson = (text: string | undefined): unknown => {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** `fetch`, telling `seen` every exchange with its answer's JSON read from a copy, so the caller still reads its own. */
function recordingFetch(real: typeof fetch, seen: (exchange: Exchange) => void): typeof fetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const requestBody = parsedJson(typeof init?.body === 'string' ? init.body : undefined);
    const response = await real(input, init);
    const contentType = response.headers.get('content-type') ?? '';
    const body = contentType.includes('json')
      ? await response
          .clone()
          .json()
          .catch(() => undefined)
      : undefined;
    seen({ method, url, requestBody, status: response.status, contentType, body });
    return response;
  };
}

/** One report line: the operation, its status, and whether request and answer are what the documents describe. */
function reportLine(config: Config, exchange: Exchange): { line: string; valid: boolean } {
  const { method, status } = exchange;
  const sent = new URL(exchange.url);
  if (exchange.contentType.startsWith('image/'))
    // A headshot's bytes come from Roblox's CDN, which no document describes; RobloxApi checks type and size.
    return { line: `${method} ${sent.host} (image)  ${status}  valid`, valid: true };
  const candidates = documentedUrls(config, exchange.url);
  const url = candidates.find((candidate) => findOperation({ method, url: candidate })) ?? candidates[0];
  if (!url)
    return { line: `${method} ${sent.host}${sent.pathname}  ${status}  INVALID: not a platform API`, valid: false };
  const request: PlatformRequest = {
    method,
    url,
    ...(exchange.requestBody === undefined ? {} : { body: exchange.requestBody }),
  };
  const operation = findOperation(request);
  const violations = [...checkRequest(request), ...checkResponse(request, status, exchange.body)];
  const documented = new URL(url);
  const id = operation?.id ?? `${method} ${documented.host}${documented.pathname}`;
  const first = violations[0]?.message ?? (operation ? null : 'not in the platform documents or the allow-list');
  return { line: `${id}  ${status}  ${first === null ? 'valid' : `INVALID: ${first}`}`, valid: first === null };
}

/** The adapters' cache, kept for this run only: the smoke run asks the platforms, never the shared PostgreSQL cache. */
class RunCache extends PostgresRobloxCache {
  readonly #answers = new Map<string, unknown>();

  constructor(settings: RobloxCacheSettings) {
    // getOrLoad, the only method the adapters call, is overridden: the database is never touched.
    super(undefined as unknown as Orm, settings);
  }

  override async getOrLoad<T>(key: string, _ttlMs: number, load: () => Promise<T>): Promise<T> {
    if (!this.#answers.has(key)) this.#answers.set(key, await load());
    return this.#answers.get(key) as T;
  }
}

type Step = (name: string, work: () => Promise<unknown>) => Promise<unknown>;

const lastId = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The bot's identity, the guild's roles and one page of members, through discord.js's REST client as the bot has it. */
async function smokeDiscord(config: Config, token: string, guildId: string, fetcher: typeof fetch, step: Step) {
  const rest = new REST({
    api: `${config.discord.baseUrl}/api`,
    offset: config.bot.restOffsetMs,
    makeRequest: (url, init) => fetcher(url, init as RequestInit),
  }).setToken(token);
  await step('Discord: the bot user', () => rest.get(Routes.user('@me')));
  await step('Discord: the guild roles', () => rest.get(Routes.guildRoles(guildId)));
  // A page as the server-wide sync reads it; Discord refuses it without the privileged GuildMembers intent.
  const query = new URLSearchParams({ limit: String(config.bot.serverSync.run.pageSize) });
  await step('Discord: a page of guild members', () => rest.get(Routes.guildMembers(guildId), { query }));
}

/**
 * The group's key as the workspace checks it (introspection, roles), its roles and one membership through Open
 * Cloud, then the public APIs role sync and profiles read: the group, its roles, that member's groups, profile,
 * name lookup and headshot.
 */
async function smokeRoblox(config: Config, apiKey: string, groupId: string, step: Step) {
  const api = new RobloxApi(config.roblox.api);
  const cache = new RunCache(config.roblox.cache);
  const ranking = new OpenCloudGroupRanking(api);
  const groups = new RobloxWebGroups(api, cache);
  const users = new RobloxWebUsers(api, cache);
  const group = `/cloud/v2/groups/${encodeURIComponent(groupId)}`;
  await step('Roblox: the key accepted as the group ranking key', () => ranking.checkKey(apiKey, groupId));
  await step('Roblox: the group roles (Open Cloud)', () => ranking.roles(apiKey, groupId));
  const page = (await step('Roblox: one group membership (Open Cloud)', () =>
    api.cloud<{ groupMemberships: { user: string }[] }>(`${group}/memberships?maxPageSize=1`, { apiKey }),
  )) as { groupMemberships: { user: string }[] } | undefined;
  await step('Roblox: the group', () => groups.byId(groupId));
  await step('Roblox: the group roles', () => groups.rolesOf(groupId));
  const member = page?.groupMemberships[0];
  if (!member) {
    await step('Roblox: a member to look up', () => Promise.reject(new Error('no membership was read')));
    return;
  }
  const userId = lastId(member.user);
  await step("Roblox: the member's role (Open Cloud)", () => ranking.roleOf(apiKey, groupId, userId));
  await step("Roblox: the member's groups", () => new RobloxWebMemberships(api, cache).groupRolesOf(userId));
  const user = (await step('Roblox: the member profile', () => users.byId(userId))) as { name: string } | undefined;
  if (user) await step('Roblox: the member by username', () => users.byUsername(user.name));
  await step("Roblox: the member's headshot", async () => {
    if (!(await new RobloxWebThumbnails(api, cache).headshot(userId))) throw new Error('no headshot image');
  });
}

/**
 * Runs the smoke check for each platform with credentials, printing one line per HTTP exchange and per failed
 * step; answers the exit code (1 on any invalid exchange or failed step, 0 otherwise or when nothing could run).
 */
export async function smokeLive(config: Config, print: (line: string) => void): Promise<number> {
  const discordToken = config.discord.botToken;
  const { discordGuildId, robloxOpenCloudKey, robloxGroupId } = config.smoke;
  const discord = discordToken && discordGuildId ? { token: discordToken, guildId: discordGuildId } : null;
  const roblox = robloxOpenCloudKey && robloxGroupId ? { key: robloxOpenCloudKey, groupId: robloxGroupId } : null;
  if (!discord) print('smoke:live: Discord skipped (set DISCORD_BOT_TOKEN and SMOKE_DISCORD_GUILD_ID)');
  if (!roblox) print('smoke:live: Roblox skipped (set SMOKE_ROBLOX_OPEN_CLOUD_KEY and SMOKE_ROBLOX_GROUP_ID)');
  if (!discord && !roblox) return 0;

  let invalid = 0;
  let failed = 0;
  let exchanges = 0;
  const step: Step = async (name, work) => {
    try {
      return await work();
    } catch (error) {
      failed += 1;
      print(`FAILED ${name}: ${(error as Error).message}`);
      return undefined;
    }
  };
  const real = globalThis.fetch;
  const fetcher = recordingFetch(real, (exchange) => {
    exchanges += 1;
    const { line, valid } = reportLine(config, exchange);
    if (!valid) invalid += 1;
    print(line);
  });
  // RobloxApi calls the global fetch; it is the recording one for this run only.
  globalThis.fetch = fetcher;
  try {
    if (discord) await smokeDiscord(config, discord.token, discord.guildId, fetcher, step);
    if (roblox) await smokeRoblox(config, roblox.key, roblox.groupId, step);
  } finally {
    globalThis.fetch = real;
  }
  if (invalid === 0 && failed === 0) {
    print(`smoke:live: ${exchanges} exchanges valid`);
    return 0;
  }
  print(`smoke:live failed: ${invalid} of ${exchanges} exchanges invalid, ${failed} steps failed`);
  return 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await smokeLive(loadConfig(), (line) => console.log(line));
}
