/**
 * The world the workspace integration tests share: a Roblox group on the loopback fake (Open Cloud v2 and the web
 * APIs), the API on real PostgreSQL speaking to it, members who signed in with Discord and proved their Roblox
 * account, and the group connected by its owner. Each file says only what its group looks like.
 */
import { expect } from 'vitest';
import type { z } from 'zod';
import { API, type Endpoint } from '@groupflow/core/contracts';
import { FakeRobloxServer } from '@groupflow/adapters/testing/FakeRobloxServer';
import { freePort } from '@groupflow/adapters/net/freePort';
import { resolve, TOKENS } from '../src/containers/tokens.ts';
import { startTestApi, type TestApi } from './apiHarness.ts';
import { CustomerBrowser } from './customerBrowser.ts';

export interface WorkspaceGroupPlan {
  /** The group's name, before the run number. */
  name: string;
  ownerId: string;
  roles: { id: string; name: string; rank: number }[];
  /** Roblox users in the group: their id, their name before the run number, and their role's id. */
  members: { id: string; name: string; roleId: string }[];
  /** Whether Open Cloud accepts the world's group key (`groupKey`) for this group. */
  cloudKey?: boolean;
  /** Settings for the API beyond the fake's addresses. */
  env?: Record<string, string>;
}

/** A group of one member per rank, each named after their role; the top rank's member owns it. */
export function oneMemberPerRank(
  name: string,
  ranks: { name: string; rank: number; roleId: string; memberId: string }[],
): Pick<WorkspaceGroupPlan, 'name' | 'ownerId' | 'roles' | 'members'> {
  const top = ranks.reduce((highest, rank) => (rank.rank > highest.rank ? rank : highest));
  return {
    name,
    ownerId: top.memberId,
    roles: ranks.map((rank) => ({ id: rank.roleId, name: rank.name, rank: rank.rank })),
    members: ranks.map((rank) => ({ id: rank.memberId, name: rank.name, roleId: rank.roleId })),
  };
}

/**
 * Settings that make the quota week begin at midnight UTC `days` days ago (so between `days` and `days + 1` days
 * back): stays and notices the tests place hours before now then fall inside one week, whatever day the tests run.
 * With the default Monday start, a test run in a week's first hours saw part of its stays in the week before.
 */
export function quotaWeekBegunDaysAgo(days: number): Record<string, string> {
  return {
    QUOTA_WEEK_START_DAY: String((((new Date().getUTCDay() - days) % 7) + 7) % 7),
    QUOTA_WEEK_START_TIME: '00:00',
    QUOTA_TIME_ZONE: 'UTC',
  };
}

export class WorkspaceWorld {
  readonly roblox = new FakeRobloxServer();
  /** Unique per run (and per file by its last digit), so the files' Roblox ids never meet in one database. */
  readonly run: number;
  readonly groupKey: string;
  /** The API's settings as started, for a second process (the bot) that must share them. */
  env: Record<string, string> = {};
  #api: TestApi | undefined;

  constructor(runDigit: number) {
    this.run = (Date.now() % 100_000_000) * 10 + runDigit;
    this.groupKey = `group-${this.run}-open-cloud-key`;
  }

  get testApi(): TestApi {
    if (!this.#api) throw new Error('The workspace world is not started');
    return this.#api;
  }

  readonly rid = (n: number): string => String(this.run + n);

  async start(groupId: string, plan: WorkspaceGroupPlan): Promise<void> {
    await this.roblox.start();
    for (const member of plan.members) this.roblox.addUser({ id: member.id, name: `${member.name}${this.run}` });
    this.roblox.addGroup({
      id: groupId,
      name: `${plan.name} ${this.run}`,
      description: '',
      ownerId: plan.ownerId,
      memberCount: plan.members.length,
      roles: plan.roles,
    });
    for (const member of plan.members) this.roblox.join(member.id, groupId, member.roleId);
    if (plan.cloudKey) this.roblox.addCloudKey(this.groupKey, { groupIds: [groupId] });
    const port = await freePort();
    this.env = {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ROBLOX_API_BASE: this.roblox.apiBase,
      ROBLOX_OPEN_CLOUD_BASE: this.roblox.url,
      ...plan.env,
    };
    this.#api = await startTestApi({ PORT: String(port), ...this.env });
  }

  async stop(): Promise<void> {
    if (this.#api) {
      await resolve(this.#api.container, TOKENS.PgBossJobs).stop();
      await this.#api.close();
    }
    await this.roblox.stop();
  }

  readonly call = async <E extends Endpoint>(
    browser: CustomerBrowser,
    endpoint: E,
    options: { params?: Record<string, string | number>; body?: unknown; query?: string } = {},
  ): Promise<{ status: number; body: any; data: z.output<E['response']> | undefined }> => {
    const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => String(options.params?.[name]));
    const answer = await browser.json(endpoint.method, `${path}${options.query ?? ''}`, options.body);
    const ok = answer.status === (endpoint.successStatus ?? 200);
    return { ...answer, data: ok ? (endpoint.response.parse(answer.body) as z.output<E['response']>) : undefined };
  };

  /** A customer signed in with Discord whose Roblox account (already in the fake) is linked and proven. */
  readonly signIn = async (name: string, robloxId: string): Promise<CustomerBrowser> => {
    const browser = new CustomerBrowser(this.testApi.url);
    await browser.signInWithDiscord(`${name}${this.run}`);
    const user = this.roblox.users.get(robloxId)!;
    expect((await this.call(browser, API.roblox.linkRobloxAccount, { body: { username: user.name } })).status).toBe(
      200,
    );
    const { data } = await this.call(browser, API.roblox.issueVerificationCode, { body: {} });
    user.description = `GroupFlow ${data!.code}`;
    expect((await this.call(browser, API.roblox.verifyRobloxCode, { body: { code: data!.code } })).status).toBe(200);
    return browser;
  };

  readonly sql = <T>(text: string, params: unknown[] = []) =>
    this.testApi.orm.em.fork().getConnection().execute<T[]>(text, params);

  /** A finished stay of the member in the group's game, from `agoMinutes` back until `minutes` later. */
  stay(groupId: string, userId: string, agoMinutes: number, minutes: number) {
    return this.sql(
      `insert into activity_sessions (group_id, session_id, roblox_user_id, started_at, ended_at, closed_by)
       values (?, ?, ?, now() - (? * interval '1 minute'), now() - (? * interval '1 minute'), 'game')`,
      [groupId, `s-${userId}-${agoMinutes}-${Math.random()}`, userId, agoMinutes, agoMinutes - minutes],
    );
  }

  /** Members GroupFlow knows from the game's reports, with their ranks. */
  async knowMembers(
    groupId: string,
    members: { id: string; username: string; rank: number; rankName: string }[],
  ): Promise<void> {
    for (const member of members)
      await this.sql(
        `insert into group_members (group_id, user_id, username, rank_id, rank_name) values (?, ?, ?, ?, ?)
         on conflict (group_id, user_id) do update set rank_id = excluded.rank_id, rank_name = excluded.rank_name`,
        [groupId, member.id, member.username, member.rank, member.rankName],
      );
  }
}
