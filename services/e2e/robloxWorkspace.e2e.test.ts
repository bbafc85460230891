/**
 * The Roblox journey in Chromium, with ROBLOX_API_BASE pointing at the loopback fake of Roblox: sign in with
 * Discord, link a Roblox account and prove it with the profile code, pick a manageable group on /roblox-login
 * (which connects it), open the workspace, and see a session reported by a "game server" through the sessions
 * endpoint appear in it; then save the group's Open Cloud key, rank a member through Open Cloud (the fake speaks
 * v2: introspection, memberships, :assignRole) and see the audit trail, and set a quota and see the week's progress.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir } from 'node:fs/promises';
import { FakeRobloxServer } from '@groupflow/adapters/testing/FakeRobloxServer';
import { launchBrowser, removeDataDir, startServer, waitUntilReady, type ServerProcess } from './harness.ts';
import type { Browser } from 'playwright-core';

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const GROUP_KEY = 'e2e-obby-makers-open-cloud-key';
const fake = new FakeRobloxServer();
let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  await fake.start();
  fake.addUser({ id: '5001', name: 'ObbyQueen', displayName: 'Obby Queen', description: 'I make obbies' });
  fake.addUser({ id: '5002', name: 'GuestPlayer' });
  fake.addGroup({
    id: '7001',
    name: 'Obby Makers',
    description: 'We make obbies',
    ownerId: '5001',
    memberCount: 321,
    roles: [
      { id: '1', name: 'Member', rank: 1 },
      { id: '4', name: 'Staff', rank: 10 },
      { id: '2', name: 'Owner', rank: 255 },
    ],
  });
  fake.addGroup({
    id: '7002',
    name: 'Fan Club',
    description: '',
    ownerId: '5002',
    memberCount: 12,
    roles: [{ id: '3', name: 'Fan', rank: 1 }],
  });
  fake.join('5001', '7001', '2');
  fake.join('5001', '7002', '3');
  fake.join('5002', '7001', '1');
  fake.addCloudKey(GROUP_KEY, { groupIds: ['7001'] });
  server = await startServer({ env: { ROBLOX_API_BASE: fake.apiBase, ROBLOX_OPEN_CLOUD_BASE: fake.url } });
  await waitUntilReady(server);
  browser = await launchBrowser();
  if (SCREENSHOTS) await mkdir(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) await removeDataDir(server.dataDir);
  await fake.stop();
});

describe('Roblox linking, proof, group and workspace in Chromium', () => {
  it('links, proves with the code, connects a manageable group and shows reported activity', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await context.newPage();
    // Each screen at the desktop and phone widths the screens are checked at.
    const shot = async (name: string) => {
      if (!SCREENSHOTS) return;
      for (const width of [1366, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    };

    // Sign in with Discord (development provider).
    await page.goto(`${server.url}/verify`);
    await page.getByRole('heading', { name: 'Authentication Required' }).waitFor();
    await page.getByRole('link', { name: 'Login with Discord' }).click();
    await page.getByLabel('Name').fill('e2e_obby');
    await page.getByRole('button', { name: 'Authorize' }).click();
    await page.waitForURL('**/auth-success');

    // Claim by username on /verify: a pending claim, not yet proven, nothing linked yet (issue 22).
    await page.goto(`${server.url}/verify`);
    await page.getByLabel('Roblox username').fill('obbyqueen');
    await shot('verify-form');
    await page.getByRole('button', { name: 'Get Verified Now' }).click();
    await page.getByText('Account Linked Successfully!').waitFor();
    await page.getByText('Not yet proven').waitFor();
    await page.getByText('Nothing is linked until then.', { exact: false }).waitFor();

    // Prove with the profile code: the dialog shows the server's code, the "user" puts it in the fake profile.
    await page.getByRole('button', { name: 'Prove with a profile code' }).click();
    await page.getByLabel('Roblox Username').fill('ObbyQueen');
    await page.getByRole('button', { name: 'Continue' }).click();
    const code = (await page.getByTestId('verification-code').textContent())!.trim();
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    await shot('verify-code-step');
    // Not in the profile yet: the dialog says what to do, and checks again without asking for the code back.
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByText(`We couldn't find ${code} in ObbyQueen's About yet.`, { exact: false }).first().waitFor();
    fake.users.get('5001')!.description = `I make obbies ${code}`;
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByText('Roblox account verified successfully').waitFor();
    await page.getByText('Verified', { exact: true }).waitFor();
    await expect(page.getByRole('list', { name: 'Roles' }).textContent()).resolves.toContain('Obby Makers: Owner');

    // Pick the manageable group; the other one is dimmed and cannot be picked.
    await page.goto(`${server.url}/roblox-login`);
    await page.getByRole('heading', { name: 'Groups You Can Manage (1)' }).waitFor();
    await page.getByText('Insufficient permissions to manage').waitFor();
    await shot('roblox-login-picker');
    await page.getByRole('button', { name: /Obby Makers/ }).click();
    await page.waitForURL('**/group-workspace');
    await page.getByRole('heading', { name: 'Welcome back, Obby Queen' }).waitFor();
    await page.getByText('No activity yet').waitFor();
    await shot('workspace-home-empty');

    // The game's key and endpoint, as the settings page offers them in the script: the key is stored hashed, so the
    // page shows its first characters, and a confirmed rotation shows the new one once, in the script too (issue 23).
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByTestId('activity-key-prefix').waitFor();
    await shot('workspace-settings-key-prefix');
    await page.getByRole('button', { name: 'Rotate key' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Rotate key' }).click();
    await page.getByTestId('activity-key').waitFor();
    const script = (await page.getByTestId('tracking-script').textContent())!;
    const endpoint = /local ENDPOINT = "([^"]+)"/.exec(script)![1]!;
    const key = /local ACTIVITY_KEY = "([^"]+)"/.exec(script)![1]!;
    expect(endpoint).toBe(`${server.url}/api/roblox/groups/7001/activity/sessions`);
    await shot('workspace-settings');
    await page.setViewportSize({ width: 390, height: 900 });
    await page.getByTestId('activity-key').scrollIntoViewIfNeeded();
    await shot('workspace-settings-narrow');
    await page.setViewportSize({ width: 1280, height: 900 });

    expect(key).toBe(await page.getByTestId('activity-key').textContent());
    // A game server reports a player joining, and a bulk end for another who already left; each report carries a
    // new eventId and the time it was sent, as the script does.
    let serial = 0;
    const report = (body: object) =>
      fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ ...body, eventId: `e2e-report-${(serial += 1)}`, sentAt: new Date().toISOString() }),
      });
    expect(
      (await report({ userId: 5002, username: 'GuestPlayer', event: 'start', sessionId: 'e2e-1', placeId: 9001 }))
        .status,
    ).toBe(200);
    expect(
      (
        await report({
          events: [{ userId: 5003, username: 'Visitor', event: 'start', sessionId: 'e2e-2', placeId: 9001 }],
        })
      ).status,
    ).toBe(200);
    expect((await report({ events: [{ userId: 5003, event: 'end', sessionId: 'e2e-2' }] })).status).toBe(200);

    await page.getByRole('button', { name: 'Activity' }).click();
    const feed = page.getByRole('list', { name: 'Session feed' });
    await feed.getByText('GuestPlayer').waitFor();
    await feed.getByText('Visitor').waitFor();
    await expect(page.getByRole('list', { name: 'Games' }).textContent()).resolves.toContain('Place 9001');
    await shot('workspace-activity');
    await page.getByRole('button', { name: 'Home' }).click();
    await page.getByRole('list', { name: 'Recent Activity' }).getByText('GuestPlayer').waitFor();
    await expect(page.getByText('1 in game now').isVisible()).resolves.toBe(true);
    await shot('workspace-home');

    // The game groups page, with the group picked from its list box, lists the member as Tracked.
    await page.goto(`${server.url}/group-management`);
    await page.getByRole('combobox', { name: 'Group' }).click();
    await page.getByRole('option', { name: 'Obby Makers' }).click();
    await page.waitForURL(/\/group-management\?group=7001$/);
    // The workspace opens on Home wherever it is reached from (issue 36).
    await expect(
      page.getByRole('navigation', { name: 'Workspace' }).locator('[aria-current="page"]').textContent(),
    ).resolves.toBe('Home');
    await page.getByRole('button', { name: 'Members' }).click();
    await page.getByRole('list', { name: 'Members' }).getByText('GuestPlayer').waitFor();
    await expect(page.getByText('Tracked', { exact: true }).first().isVisible()).resolves.toBe(true);
    await shot('group-management');

    // On a phone: the group and its picker first, the sections one scrolling row, no text column squeezed.
    await page.setViewportSize({ width: 390, height: 900 });
    // Browser code as a string: this project is compiled without the DOM's types.
    const layout = await page.evaluate<{
      navRows: number;
      navHeight: number;
      headAboveNav: boolean;
      narrowest: number;
      pageOverflows: boolean;
    }>(`(() => {
      const nav = document.querySelector('nav[aria-label="Workspace"]');
      const head = document.querySelector('.rb-head');
      const tops = new Set([...nav.children].map((item) => Math.round(item.getBoundingClientRect().top)));
      const widths = [...document.querySelectorAll('.rb-row .rb-grow')].map((cell) => cell.getBoundingClientRect().width);
      return {
        navRows: tops.size,
        navHeight: nav.getBoundingClientRect().height,
        headAboveNav: head.getBoundingClientRect().bottom <= nav.getBoundingClientRect().top,
        narrowest: Math.min(...widths),
        pageOverflows: document.documentElement.scrollWidth > window.innerWidth,
      };
    })()`);
    expect(layout).toMatchObject({ navRows: 1, headAboveNav: true, pageOverflows: false });
    expect(layout.navHeight).toBeLessThan(80);
    expect(layout.narrowest).toBeGreaterThanOrEqual(120);
    if (SCREENSHOTS) {
      // Once the app drawer has slid away: the page as a phone shows it.
      await page.waitForFunction("document.querySelector('.sb-sidebar').getBoundingClientRect().right <= 0");
      await page.screenshot({ path: `${SCREENSHOTS}/workspace-members-phone-390.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Ranking through Open Cloud: the group's key first (a refused one is named on the field), then the member.
    await page.goto(`${server.url}/group-workspace`);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('API key').fill('a-key-roblox-never-issued');
    await page.getByRole('button', { name: 'Save key' }).click();
    await page.getByText('Open Cloud refused this API key').waitFor();
    await page.getByLabel('API key').fill(GROUP_KEY);
    await page.getByRole('button', { name: 'Save key' }).click();
    await page.getByText('Key set').waitFor();
    expect(await page.content()).not.toContain(GROUP_KEY);
    await page.getByRole('switch', { name: 'Quota system' }).click();
    await page.getByText('Settings Saved').first().waitFor();
    await page.getByRole('button', { name: 'Members' }).click();
    await page
      .getByRole('list', { name: 'Members' })
      .getByRole('listitem')
      .filter({ hasText: 'GuestPlayer' })
      .getByRole('button', { name: 'Change rank' })
      .click();
    await page.getByRole('combobox', { name: 'New rank' }).click();
    await page.getByRole('option', { name: 'Staff (10)' }).click();
    await page.getByLabel('Reason').fill('Passed the obby training');
    await page.getByRole('button', { name: 'Change rank' }).last().click();
    await page.getByRole('list', { name: 'Rank audit trail' }).getByText('Member → Staff').waitFor();
    expect(fake.memberships.get('5002')?.get('7001')).toBe('4');
    expect(fake.assignedRoles.at(-1)).toMatchObject({
      groupId: '7001',
      userId: '5002',
      roleId: '4',
      apiKey: GROUP_KEY,
    });
    await shot('workspace-members');

    // A session: scheduled, hosted by the owner, and a slot taken.
    await page.getByRole('button', { name: 'Sessions' }).click();
    await page.getByRole('button', { name: 'Schedule Session' }).first().click();
    await page.getByLabel('Title').fill('Obby patrol');
    await page.getByLabel('When').fill('2030-06-01T18:30');
    await page.getByLabel('Slots').fill('2');
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    const scheduled = page
      .getByRole('list', { name: 'Scheduled sessions' })
      .getByRole('listitem')
      .filter({ hasText: 'Obby patrol' });
    await scheduled.getByRole('button', { name: 'Host', exact: true }).click();
    await scheduled.getByText('Host: ObbyQueen').waitFor();
    await scheduled.getByRole('button', { name: 'Sign up' }).click();
    await scheduled.getByText('1/2 signed up').waitFor();
    await shot('workspace-sessions');
    await page.getByRole('button', { name: 'Activity' }).click();
    await page.getByRole('list', { name: 'Activity feed' }).getByText('GuestPlayer promoted to Staff').waitFor();
    await shot('workspace-activity-feed');
    await page.getByRole('button', { name: 'Home' }).click();
    await page.getByRole('list', { name: 'Recent Activity' }).getByText('Obby patrol').waitFor();
    await shot('workspace-home-feed');

    // A weekly quota for Staff: GuestPlayer (in game since the report above) shows with a progress bar.
    await page.getByRole('button', { name: 'Quotas' }).click();
    await page.getByLabel('Quota name').fill('Weekly minutes');
    await page.getByLabel('Per week').fill('60');
    await page.getByRole('checkbox', { name: 'Staff' }).check();
    await page.getByRole('button', { name: 'Add quota' }).click();
    const progress = page.getByRole('list', { name: 'Quota progress' });
    await progress.getByText('GuestPlayer').waitFor();
    await progress.getByText('Behind').waitFor();
    await expect(progress.getByRole('progressbar').count()).resolves.toBe(1);
    await shot('workspace-quotas');

    // Analytics charts today's player and the week's measured member; recharts arrives with this tab.
    await page.getByRole('button', { name: 'Analytics' }).click();
    const daily = page.getByRole('figure', { name: 'Minutes in game and active members per day' });
    await daily.locator('svg.recharts-surface').first().waitFor();
    await daily.getByText('Active members').waitFor();
    await page.getByRole('figure', { name: 'Quota completion per week' }).waitFor();
    await shot('workspace-analytics');
    await page.getByRole('button', { name: 'Docs' }).click();
    await page.getByRole('button', { name: 'Create Document' }).click();
    await page.getByLabel('Title').fill('Obby rules');
    await page.getByLabel('Text (Markdown)').fill('# Rules\n\nBe **kind**. <script>alert(1)</script>');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('button', { name: 'Read' }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Rules' }).waitFor();
    expect(await page.getByRole('dialog').locator('script').count()).toBe(0);
    await shot('workspace-docs');
    await page.keyboard.press('Escape');

    // Leaving the workspace clears the stored group and returns to the groups page, still signed in.
    await page.goto(`${server.url}/group-workspace`);
    await page.getByRole('button', { name: 'Leave workspace' }).click();
    await page.waitForURL(`${server.url}/group-management`);
    expect(await page.evaluate(() => localStorage.getItem('selectedGroup'))).toBeNull();
    await context.close();
  });
});
