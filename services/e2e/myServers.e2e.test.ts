/**
 * My Servers in Chromium (issue 12): a customer configures their server in the Configure Server dialog and finds the
 * configuration again after a reload; a customer who does not manage that server gets 403 on its configuration.
 * Sign-in goes through the development Discord provider, whose users each own "{name}'s Server". The bot's state is
 * written to the shared database through MikroOrmBotState and MikroOrmGuildDirectory (the server's roles and channels),
 * exactly as a separate bot process (`npm run start:bot`) writes it, since the API and the bot share nothing else.
 * The bound group's ranks come from the loopback fake of Roblox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { openDatabase, type Orm } from '@groupflow/adapters/persistence/database';
import { MikroOrmBotState } from '@groupflow/adapters/persistence/discord/MikroOrmBotState';
import { MikroOrmGuildDirectory } from '@groupflow/adapters/persistence/discord/MikroOrmGuildDirectory';
import { FakeRobloxServer } from '@groupflow/adapters/testing/FakeRobloxServer';
import { devOwnGuildId } from '@groupflow/adapters/http/devOAuth/devProviders';
import type { GuildSnapshot } from '@groupflow/core';
import { startDatabase } from '../../adapters/test/postgresGlobalSetup.ts';
import { launchBrowser, removeDataDir, startServer, waitUntilReady, type ServerProcess } from './harness.ts';

const OWNER = 'e2e_owner';
const PHONE = { width: 390, height: 844 };
/** Set to a directory to keep screenshots of the bind editor, for people to look at. */
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;
const STRANGER = 'e2e_stranger';
const SERVER_NAME = `${OWNER}'s Server`;
const role = (id: string, name: string, position: number, permissions: GuildSnapshot['botPermissions'] = []) => ({
  id,
  name,
  position,
  managed: false,
  colour: 0,
  permissions,
});
/** The server's roles and channels as the bot records them. */
const GUILD: GuildSnapshot = {
  id: devOwnGuildId(OWNER),
  name: SERVER_NAME,
  ownerId: '1',
  roles: [
    role(devOwnGuildId(OWNER), '@everyone', 0),
    role('2000000000000000001', 'Moderator', 4, ['KickMembers', 'BanMembers']),
    role('2000000000000000002', 'Helper', 3),
    role('2000000000000000003', 'Recruit', 2),
    role('2000000000000000004', 'Verified', 1),
    { ...role('2000000000000000005', 'GroupFlow', 10, ['ManageRoles']), managed: true },
  ],
  channels: [
    { id: '3000000000000000001', name: 'general', type: 'text' },
    { id: '3000000000000000002', name: 'mod-logs', type: 'text' },
  ],
  botHighestPosition: 10,
  botPermissions: ['ManageRoles', 'ManageNicknames'],
};

let database: Awaited<ReturnType<typeof startDatabase>>;
let server: ServerProcess;
let browser: Browser;
let orm: Orm;
const roblox = new FakeRobloxServer();
const GROUP_ID = '15567637';

beforeAll(async () => {
  database = await startDatabase();
  await roblox.start();
  roblox.addGroup({
    id: GROUP_ID,
    name: 'E2E Army',
    description: '',
    ownerId: null,
    memberCount: 3,
    roles: [
      { id: '1', name: 'Recruit', rank: 1 },
      { id: '2', name: 'Officer', rank: 50 },
      { id: '3', name: 'Admin', rank: 254 },
    ],
  });
  // The API alone, as `npm run start:api` runs it: the bot is another process, stood in for by the writes below.
  server = await startServer({
    entry: 'mainApi.ts',
    env: {
      DATABASE_URL: database.url,
      DISCORD_BOT_TOKEN: 'e2e-bot-token-unused-by-the-api',
      ROBLOX_API_BASE: roblox.apiBase,
    },
  });
  await waitUntilReady(server);
  orm = await openDatabase(database.url);
  const bot = new MikroOrmBotState(orm);
  await bot.reportOnline({ shardId: 0, botUserId: '1000000000000000001', botName: 'GroupFlow' }, new Date());
  await bot.replaceGuilds(0, [
    {
      id: devOwnGuildId(OWNER),
      name: SERVER_NAME,
      icon: null,
      memberCount: 42,
      joinedAt: new Date('2026-11-01T12:00:00Z'),
    },
  ]);
  await new MikroOrmGuildDirectory(orm).record(GUILD);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await orm?.close();
  await server?.stop();
  if (server) await removeDataDir(server.dataDir);
  await database?.stop();
  await roblox.stop();
});

async function signIn(page: Page, name: string): Promise<void> {
  await page.goto(`${server.url}/auth/discord`);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Authorize' }).click();
  await page.waitForURL('**/auth-success');
}

async function choose(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function addRankBind(page: Page, dialog: Locator, index: number, rank: string, roleName: string) {
  await dialog.getByRole('button', { name: 'Add bind' }).click();
  const bind = dialog.getByRole('group', { name: `Bind ${index}` });
  await choose(page, bind.getByRole('combobox', { name: 'Rank' }), rank);
  await choose(page, bind.getByRole('combobox', { name: 'Roles' }), roleName);
}

async function openConfigureDialog(page: Page) {
  const card = page.getByLabel(SERVER_NAME, { exact: true });
  await card.getByRole('button', { name: 'Configure' }).click();
  const dialog = page.getByRole('dialog', { name: 'Configure Server' });
  await dialog.getByRole('switch', { name: 'Moderation (/warn, /kick, /ban, /mute)' }).waitFor();
  return dialog;
}

describe('My Servers in Chromium', () => {
  it('configures a server in the dialog, and the configuration is still there after a reload', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, OWNER);
    await page.goto(`${server.url}/servers`);
    await page.getByRole('heading', { name: 'My Servers' }).waitFor();
    const card = page.getByLabel(SERVER_NAME, { exact: true });
    await card.getByText('BOT ONLINE').waitFor();

    let dialog = await openConfigureDialog(page);
    const autoSync = dialog.getByRole('switch', { name: 'Sync roles when a member joins' });
    await expect(autoSync.getAttribute('aria-checked')).resolves.toBe('false');
    await autoSync.click();
    await dialog.getByRole('tab', { name: 'Channels' }).click();
    await dialog.getByLabel('Or a group ID').fill(GROUP_ID);
    await choose(page, dialog.getByRole('combobox', { name: 'Moderation log channel' }), '#mod-logs');
    await dialog.getByRole('tab', { name: 'Roles' }).click();
    await choose(page, dialog.getByRole('combobox', { name: 'Moderator roles' }), 'Moderator (elevated)');
    await choose(page, dialog.getByRole('combobox', { name: 'Moderator roles' }), 'Helper');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Server configuration has been successfully updated.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await card.getByLabel('Features').getByText('Auto Role Sync').waitFor();

    // Binds have their own tab and save: Recruit gives Recruit; Admin gives the elevated Moderator role, after a
    // confirmation; saving first says how many members the change touches.
    dialog = await openConfigureDialog(page);
    await dialog.getByRole('tab', { name: 'Binds' }).click();
    await dialog.getByText('No binds yet — add one').waitFor();
    await addRankBind(page, dialog, 1, 'Recruit (rank 1)', 'Recruit');
    await addRankBind(page, dialog, 2, 'Admin (rank 254)', 'Moderator (elevated)');
    const elevate = page.getByRole('alertdialog', { name: 'Bind an elevated role?' });
    await elevate.getByRole('button', { name: 'Allow elevated role' }).click();
    await dialog.getByRole('button', { name: 'Save binds' }).click();
    const confirmSave = page.getByRole('alertdialog', { name: 'Save binds?' });
    await confirmSave.getByText('0 members would gain or lose a role').waitFor();
    await confirmSave.getByRole('button', { name: 'Save binds' }).click();
    await page.getByText('A server-wide sync is applying them to every member.').waitFor();
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/configure-binds-1280.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.reload();
    await card.getByText('BOT ONLINE').waitFor();
    await card.getByLabel('Features').getByText('Auto Role Sync').waitFor();
    dialog = await openConfigureDialog(page);
    await expect(
      dialog.getByRole('switch', { name: 'Sync roles when a member joins' }).getAttribute('aria-checked'),
    ).resolves.toBe('true');
    await dialog.getByRole('tab', { name: 'Roles' }).click();
    // Shown by name, stored by id.
    const moderators = dialog.getByRole('list', { name: 'Moderator roles chosen' });
    await expect(moderators.getByRole('listitem').allTextContents()).resolves.toEqual(['Moderator×', 'Helper×']);
    await dialog.getByRole('tab', { name: 'Binds' }).click();
    const secondBind = dialog.getByRole('group', { name: 'Bind 2' });
    await expect(secondBind.getByRole('list', { name: 'Roles chosen' }).textContent()).resolves.toContain('Moderator');
    await dialog.getByRole('tab', { name: 'Channels' }).click();
    await expect(dialog.getByLabel('Or a group ID').inputValue()).resolves.toBe(GROUP_ID);
    await expect(dialog.getByRole('combobox', { name: 'Moderation log channel' }).textContent()).resolves.toContain(
      '#mod-logs',
    );
    const stored = await context.request.get(`${server.url}/api/discord/servers/${devOwnGuildId(OWNER)}/config`);
    await expect(stored.json()).resolves.toMatchObject({
      moderatorRoles: ['2000000000000000001', '2000000000000000002'],
      moderationLogChannel: '3000000000000000002',
      rankBinds: [
        { rankId: 1, roleId: '2000000000000000003' },
        { rankId: 254, roleId: '2000000000000000001' },
      ],
    });
    await context.close();
  });

  it('edits binds and previews a member on a phone, nothing wider than the screen', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await signIn(page, OWNER);
    await page.goto(`${server.url}/servers`);
    await page.getByLabel(SERVER_NAME, { exact: true }).getByText('BOT ONLINE').waitFor();
    const dialog = await openConfigureDialog(page);
    await dialog.getByRole('tab', { name: 'Binds' }).click();
    await dialog.getByRole('group', { name: 'Bind 2' }).waitFor();
    await dialog.getByLabel('Or a Discord user id').fill('4000000000000000009');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByLabel('Preview result').getByText('None: the member is unverified').waitFor();
    // Evaluated in the page, where the DOM is: this file is type-checked without it.
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/configure-binds-390.png`, fullPage: true });
    await context.close();
  });

  it('answers 403 to a customer who does not manage the server, for reading and for saving its configuration', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, STRANGER);
    await page.goto(`${server.url}/servers`);
    await page.getByRole('heading', { name: 'My Servers' }).waitFor();
    await page.getByText('Ready to Get Started!').waitFor();

    const path = `${server.url}/api/discord/servers/${devOwnGuildId(OWNER)}/config`;
    const read = await context.request.get(path);
    expect(read.status()).toBe(403);
    await expect(read.json()).resolves.toMatchObject({ message: 'You do not manage this server' });
    // A complete, valid body: the refusal is about the server, not the input.
    const config = {
      moderationEnabled: true,
      verificationEnabled: true,
      groupBindingEnabled: true,
      autoRoleSync: false,
      moderatorRoles: '',
      adminRoles: '',
      boundGroupId: '',
      logChannel: '',
      moderationLogChannel: '',
    };
    const saved = await page.evaluate(
      async ([url, body]) => {
        const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        return { status: response.status, body: (await response.json()) as unknown };
      },
      [path, JSON.stringify(config)] as const,
    );
    expect(saved).toEqual({ status: 403, body: expect.objectContaining({ message: 'You do not manage this server' }) });
    await context.close();
  });
});
