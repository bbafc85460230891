/**
 * Who may set up what ranks members with the owner's authority (issue 33), over HTTP against real PostgreSQL and the
 * loopback fake speaking Open Cloud v2, replaying the attack: a Manager (rank 100) saved a rule promoting rank 20 to
 * Admin (200) with no effort asked, switched automatic promotion on, and the job promoted their alt with the owner's
 * key. Now a rule stays below its saver's rank, needs minutes or sessions, and is re-checked against the saver's
 * current rank by the job; only the owner or the ranks they name turn automatic promotion on, replace the Open Cloud
 * key or rotate the activity key, and the owner is told. The authorisation matrix's rows for these routes call as
 * the owner; the manager-versus-owner cases are here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@groupflow/core/contracts';
import type { CustomerBrowser } from '../test/customerBrowser.ts';
import { oneMemberPerRank, WorkspaceWorld } from '../test/workspaceWorld.ts';
import { resolve, TOKENS } from './containers/tokens.ts';

const world = new WorkspaceWorld(9);
const { roblox: fake, run, rid, call, signIn, groupKey: GROUP_KEY } = world;
const OWNER = rid(1);
const ADMIN = rid(2);
const MANAGER = rid(3);
const ALT = rid(4);
const GROUP = rid(10);
const ROLE = { barista: rid(20), senior: rid(21), manager: rid(22), admin: rid(23), owner: rid(24) };
const g = { groupId: GROUP };

let owner: CustomerBrowser;
let admin: CustomerBrowser;
let manager: CustomerBrowser;

beforeAll(async () => {
  await world.start(GROUP, {
    ...oneMemberPerRank('Cafe', [
      { name: 'Barista', rank: 20, roleId: ROLE.barista, memberId: ALT },
      { name: 'Manager', rank: 100, roleId: ROLE.manager, memberId: MANAGER },
      { name: 'Admin', rank: 200, roleId: ROLE.admin, memberId: ADMIN },
      { name: 'Owner', rank: 255, roleId: ROLE.owner, memberId: OWNER },
    ]),
    roles: [
      { id: ROLE.barista, name: 'Barista', rank: 20 },
      { id: ROLE.senior, name: 'Senior', rank: 30 },
      { id: ROLE.manager, name: 'Manager', rank: 100 },
      { id: ROLE.admin, name: 'Admin', rank: 200 },
      { id: ROLE.owner, name: 'Owner', rank: 255 },
    ],
    cloudKey: true,
    // Rank lookups for access are not kept: a demoted manager is seen at once.
    env: { ROBLOX_RETRY_BASE_MS: '20', ROBLOX_GROUPS_CACHE_SECONDS: '1' },
  });
  owner = await signIn('owner', OWNER);
  admin = await signIn('admin', ADMIN);
  manager = await signIn('manager', MANAGER);
  expect((await call(owner, API.roblox.connectGroupWithRanks, { body: { groupId: GROUP } })).status).toBe(201);
  await world.knowMembers(GROUP, [{ id: ALT, username: `Barista${run}`, rank: 20, rankName: 'Barista' }]);
  await world.stay(GROUP, ALT, 100, 40);
});

afterAll(() => world.stop());

const settingsOf = async (browser: CustomerBrowser) =>
  (await call(browser, API.roblox.readWorkspaceSettings, { params: g })).data!;

describe("the Manager's attack", () => {
  it('is refused at every step: the empty rule, a rule to Admin, auto promotion on, either key', async () => {
    const attack = { fromRank: 20, toRank: 200, minutes: 0, sessionsAttended: 0, windowDays: 7 };
    const empty = await call(manager, API.roblox.replacePromotionRules, { params: g, body: [attack] });
    expect(empty.status).toBe(400);
    expect(empty.body.issues[0].path).toEqual([0, 'minutes']);
    const toAdmin = await call(manager, API.roblox.replacePromotionRules, {
      params: g,
      body: [{ ...attack, minutes: 1 }],
    });
    expect(toAdmin.status).toBe(403);
    expect(toAdmin.body.code).toBe('ROBLOX.RANK_CEILING');
    expect((await call(owner, API.roblox.readPromotionRules, { params: g })).data).toEqual([]);

    for (const body of [{ autoPromotions: true }, { rotateActivityKey: true }]) {
      const refused = await call(manager, API.roblox.updateWorkspaceSettings, { params: g, body });
      expect(refused.status, JSON.stringify(body)).toBe(403);
      expect(refused.body.code).toBe('ROBLOX.AUTOMATION_NOT_PERMITTED');
    }
    const key = await call(manager, API.roblox.saveOpenCloudKey, { params: g, body: { apiKey: GROUP_KEY } });
    expect(key.status).toBe(403);
    expect(key.body.code).toBe('ROBLOX.AUTOMATION_NOT_PERMITTED');
    expect((await call(owner, API.roblox.readOpenCloudKey, { params: g })).data?.set).toBe(false);
    expect(await settingsOf(owner)).toMatchObject({ autoPromotions: false });
    expect(await settingsOf(manager)).toMatchObject({ canChangeAutomation: false, canChooseAutomationRanks: false });
    expect(fake.memberships.get(ALT)?.get(GROUP)).toBe(ROLE.barista);
  });

  it('lets only the owner name the ranks that may; a named rank may, and the owner is told each change', async () => {
    expect(
      (await call(manager, API.roblox.updateWorkspaceSettings, { params: g, body: { automationRanks: [100] } })).body
        .code,
    ).toBe('ROBLOX.OWNER_ONLY');
    expect((await call(owner, API.roblox.saveOpenCloudKey, { params: g, body: { apiKey: GROUP_KEY } })).status).toBe(
      200,
    );
    const named = await call(owner, API.roblox.updateWorkspaceSettings, {
      params: g,
      body: { automationRanks: [200] },
    });
    expect(named.data).toMatchObject({
      automationRanks: [200],
      canChangeAutomation: true,
      canChooseAutomationRanks: true,
    });
    expect((await call(owner, API.roblox.listNotifications)).data).toEqual([]);

    expect(await settingsOf(admin)).toMatchObject({ canChangeAutomation: true, canChooseAutomationRanks: false });
    const rotated = await call(admin, API.roblox.updateWorkspaceSettings, {
      params: g,
      body: { rotateActivityKey: true },
    });
    expect(rotated.data?.activityKey).toBeTruthy();
    expect((await call(admin, API.roblox.saveOpenCloudKey, { params: g, body: { apiKey: GROUP_KEY } })).status).toBe(
      200,
    );
    expect(
      (await call(admin, API.roblox.updateWorkspaceSettings, { params: g, body: { autoPromotions: true } })).status,
    ).toBe(200);
    const told = (await call(owner, API.roblox.listNotifications)).data!;
    expect(told.map((notice) => [notice.kind, notice.message])).toEqual([
      ['automation-changed', `Admin${run} turned automatic promotion on in Cafe ${run}.`],
      ['automation-changed', `Admin${run} replaced the Open Cloud key in Cafe ${run}.`],
      ['automation-changed', `Admin${run} rotated the activity key in Cafe ${run}.`],
    ]);
    // Off is the safe direction: any manager may, and the owner hears of it too.
    expect(
      (await call(manager, API.roblox.updateWorkspaceSettings, { params: g, body: { autoPromotions: false } })).status,
    ).toBe(200);
    expect((await call(owner, API.roblox.listNotifications)).data?.[0]?.message).toBe(
      `Manager${run} turned automatic promotion off in Cafe ${run}.`,
    );
  });
});

describe('a rule whose saver Roblox has since demoted', () => {
  it('is skipped by the job: nobody promoted, the skip audited with the rule and why, the saver told', async () => {
    const rule = { fromRank: 20, toRank: 30, minutes: 30, sessionsAttended: 0, windowDays: 7 };
    expect((await call(owner, API.roblox.saveOpenCloudKey, { params: g, body: { apiKey: GROUP_KEY } })).status).toBe(
      200,
    );
    const saved = await call(manager, API.roblox.replacePromotionRules, { params: g, body: [rule] });
    expect(saved.data).toEqual([{ ...rule, savedBy: `Manager${run}`, savedByRank: 100, suspended: null }]);
    expect(
      (await call(owner, API.roblox.updateWorkspaceSettings, { params: g, body: { autoPromotions: true } })).status,
    ).toBe(200);

    fake.join(MANAGER, GROUP, ROLE.barista);
    const job = resolve(world.testApi.container, TOKENS.WorkspaceAutoPromotion);
    expect(await job.tick()).toBeGreaterThan(0);
    const deadline = Date.now() + 15_000;
    let audit = await call(owner, API.roblox.readRankAudit, { params: g });
    while (!audit.data?.some((entry) => entry.result === 'skipped') && Date.now() < deadline) {
      await new Promise((done) => setTimeout(done, 200));
      audit = await call(owner, API.roblox.readRankAudit, { params: g });
    }
    const why = `The rank 20 → 30 rule was suspended: Manager${run} no longer manages the group (rank 20). Saving it again resumes it.`;
    expect(audit.data).toMatchObject([
      {
        source: 'auto',
        result: 'skipped',
        targetUserId: ALT,
        fromRank: 20,
        toRank: 30,
        toRoleName: 'Senior',
        error: why,
      },
    ]);
    expect(audit.data![0]!.reason).toContain(`rank 20 → 30 rule saved by Manager${run}`);
    expect(fake.memberships.get(ALT)?.get(GROUP)).toBe(ROLE.barista);
    expect((await call(manager, API.roblox.listNotifications)).data?.[0]).toMatchObject({
      kind: 'promotion-rule-suspended',
      message: why,
    });
    expect((await call(owner, API.roblox.readPromotionRules, { params: g })).data?.[0]?.suspended).toContain(
      'no longer manages',
    );
  });
});
