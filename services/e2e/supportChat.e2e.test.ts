/**
 * A visitor and a staff member talk through a ticket in two Chromium pages at once, each seeing the other's
 * messages without reloading; a page without the chat key is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser, removeDataDir, startServer, waitUntilReady, type ServerProcess } from './harness.ts';

const OWNER_EMAIL = 'owner@groupflow.test';
const OWNER_PASSWORD = 'owner-password-1';

let server: ServerProcess;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer({ env: { STAFF_OWNER_EMAIL: OWNER_EMAIL, STAFF_OWNER_PASSWORD: OWNER_PASSWORD } });
  await waitUntilReady(server);
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
  if (server) await removeDataDir(server.dataDir);
});

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext();
  contexts.push(context);
  return context;
}

describe('support chat between a visitor and staff', () => {
  it('carries a conversation both ways in real time and refuses a page without the key', async () => {
    const visitor = await (await newContext()).newPage();
    await visitor.goto(`${server.url}/`);
    await visitor.getByRole('heading', { name: 'Need Help?' }).waitFor();
    const form = visitor.getByRole('form', { name: 'Create a support ticket' });
    await form.getByLabel('Name').fill('Vera Visitor');
    await form.getByLabel('Email').fill('vera@example.test');
    await form.getByLabel('Subject').fill('Roles are not syncing');
    await form.getByLabel('Message').fill('My group roles stopped syncing yesterday.');
    await form.getByRole('button', { name: 'Create Support Ticket' }).click();
    await visitor.waitForURL(/\/support-chat\?ticket=\d+&key=/);
    await visitor.getByRole('heading', { name: 'Roles are not syncing' }).waitFor();
    await visitor.getByText('My group roles stopped syncing yesterday.').waitFor();
    const chatUrl = new URL(visitor.url());

    // The staff token comes from the real login call; the login screen itself is tested elsewhere.
    const login = await fetch(`${server.url}/api/staff/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: OWNER_EMAIL, password: OWNER_PASSWORD }),
    });
    const { token, user } = (await login.json()) as { token: string; user: unknown };
    const staffContext = await newContext();
    await staffContext.addInitScript(
      ([t, u]) => {
        localStorage.setItem('staffToken', t);
        localStorage.setItem('staffUser', u);
      },
      [token, JSON.stringify(user)] as const,
    );
    const staff = await staffContext.newPage();
    await staff.goto(`${server.url}/live-support-chat`);
    await staff.getByRole('heading', { name: /Live Support Chat/ }).waitFor();
    await staff.getByRole('button', { name: /Roles are not syncing/ }).click();
    await staff.getByText('Customer: vera@example.test').waitFor();
    await staff.getByRole('button', { name: 'Claim Ticket' }).click();
    await staff.getByText('Ticket claimed successfully!').waitFor();
    await staff.getByRole('button', { name: 'Claim Ticket' }).waitFor({ state: 'detached' });
    await staff.getByText(/^Claimed by /).waitFor();

    // Both sides on the push channel, so the 1 s waits below cannot be met by the 2 s fallback poll alone.
    await visitor.getByText('Live', { exact: true }).waitFor();
    await staff.locator('.live-chat-live.on').waitFor();
    await staff.getByRole('textbox', { name: 'Message', exact: true }).fill('Hi Vera, looking into it now.');
    await staff.getByRole('textbox', { name: 'Message', exact: true }).press('Enter');
    await visitor.getByText('Hi Vera, looking into it now.').waitFor({ timeout: 1000 });

    await visitor.getByLabel('Your message').fill('Thank you!');
    await visitor.getByLabel('Your message').press('Enter');
    await staff.getByText('Thank you!').waitFor({ timeout: 1000 });

    const stranger = await (await newContext()).newPage();
    await stranger.goto(`${server.url}/support-chat?ticket=${chatUrl.searchParams.get('ticket')}&key=not-the-key`);
    await stranger.getByRole('heading', { name: 'Chat link not valid' }).waitFor();
    await expect(stranger.getByText('Hi Vera, looking into it now.').count()).resolves.toBe(0);
  });
});
