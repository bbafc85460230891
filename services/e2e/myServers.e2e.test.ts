/**
 * My Servers in Chromium (issue 12): a customer configures their server in the Configure Server dialog and finds the
 * configuration again after a reload; a customer who does not manage that server gets 403 on its configuration.
 * Sign-in goes through the development Discord provider, whose users each own "{name}'s Server". The bot's state is
 * written to the shared database through MikroOrmBotState, exactly as a separate bot process (`npm run start:bot`)
 * writes it, since the API and the bot share nothing else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openDatabase, type Orm } from '@groupflow/adapters/persistence/database';
import { MikroOrmBotState } from '@groupflow/adapters/persistence/discord/MikroOrmBotState';
import { devOwnGuildId } from '@groupflow/adapters/http/devOAuth/devProviders';
import { startDatabase } from '../../adapters/test/postgresGlobalSetup.ts';
import { launchBrowser, removeDataDir, startServer, waitUntilReady, type ServerProcess } from './harness.ts';

const OWNER = 'e2e_owner';
const STRANGER = 'e2e_stranger';
const SERVER_NAME = `${OWNER}'s Server`;

let database: Awaited<ReturnType<typeof startDatabase>>;
let server: ServerProcess;
let browser: Browser;
let orm: Orm;

beforeAll(async () => {
  database = await startDatabase();
  // The API alone, as `npm run start:api` runs it: the bot is another process, stood in for by the writes below.
  server = await startServer({
    entry: 'mainApi.ts',
    env: { DATABASE_URL: database.url, DISCORD_BOT_TOKEN: 'e2e-bot-token-unused-by-the-api' },
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
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await orm?.close();
  await server?.stop();
  if (server) await removeDataDir(server.dataDir);
  await database?.stop();
});

async function signIn(page: Page, name: string): Promise<void> {
  await page.goto(`${server.url}/auth/discord`);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Authorize' }).click();
  await page.waitForURL('**/auth-success');
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
    await dialog.getByRole('tab', { name: 'Roles' }).click();
    await dialog.getByLabel('Moderator roles').fill(' Moderator, , Helper ');
    await dialog.getByRole('tab', { name: 'Channels' }).click();
    await dialog.getByLabel('Bound Roblox group ID').fill('15567637');
    await dialog.getByLabel('Moderation log channel').fill('mod-logs');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Server configuration has been successfully updated.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await card.getByLabel('Features').getByText('Auto Role Sync').waitFor();

    await page.reload();
    await card.getByText('BOT ONLINE').waitFor();
    await card.getByLabel('Features').getByText('Auto Role Sync').waitFor();
    dialog = await openConfigureDialog(page);
    await expect(
      dialog.getByRole('switch', { name: 'Sync roles when a member joins' }).getAttribute('aria-checked'),
    ).resolves.toBe('true');
    await dialog.getByRole('tab', { name: 'Roles' }).click();
    // Stored trimmed, with the empty entry dropped.
    await expect(dialog.getByLabel('Moderator roles').inputValue()).resolves.toBe('Moderator, Helper');
    await dialog.getByRole('tab', { name: 'Channels' }).click();
    await expect(dialog.getByLabel('Bound Roblox group ID').inputValue()).resolves.toBe('15567637');
    await expect(dialog.getByLabel('Moderation log channel').inputValue()).resolves.toBe('mod-logs');
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
