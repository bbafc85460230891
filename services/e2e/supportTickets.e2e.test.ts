/**
 * /support-tickets in Chromium: the owner changes a status and sees a message pushed from the customer in the
 * chat dialog; a customer_support member is turned away with 'Access Denied'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, removeDataDir, startServer, waitUntilReady, type ServerProcess } from './harness.ts';

const OWNER = { email: 'owner@groupflow.test', password: 'owner-password-1' };
let server: ServerProcess;
let browser: Browser;

async function post(path: string, body: unknown, token?: string) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

async function staffPage(email: string, password: string): Promise<Page> {
  const { token, user } = await post('/api/staff/login', { email, password });
  const context = await browser.newContext();
  await context.addInitScript(
    ([t, u]) => {
      localStorage.setItem('staffToken', t);
      localStorage.setItem('staffUser', u);
    },
    [token as string, JSON.stringify(user)] as const,
  );
  return context.newPage();
}

beforeAll(async () => {
  server = await startServer({ env: { STAFF_OWNER_EMAIL: OWNER.email, STAFF_OWNER_PASSWORD: OWNER.password } });
  await waitUntilReady(server);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) await removeDataDir(server.dataDir);
});

describe('support tickets page', () => {
  it('lets the owner set a status and follow the chat live', async () => {
    const created = await post('/api/support/create-public', {
      name: 'Vera',
      email: 'vera@example.test',
      subject: 'Cannot verify',
      message: 'Verification fails',
      priority: 'high',
    });
    const key = new URL(created.chatUrl as string).searchParams.get('key') ?? '';
    const page = await staffPage(OWNER.email, OWNER.password);
    await page.goto(`${server.url}/support-tickets`);
    await page.getByRole('heading', { name: 'Cannot verify' }).waitFor();

    await page.getByLabel('Status of Cannot verify').selectOption('waiting_response');
    await page.getByText('Ticket updated successfully!').waitFor();
    await page.locator('.badge', { hasText: 'waiting response' }).waitFor();

    await page.getByRole('button', { name: 'Chat' }).click();
    await page.getByRole('dialog').getByText('Verification fails').waitFor();
    await post(`/api/support/chat/${created.id as number}/messages?key=${key}`, { message: 'Any news?' });
    await page.getByRole('dialog').getByText('Any news?').waitFor({ timeout: 2000 });
    await page.getByRole('button', { name: 'Close chat' }).click();

    await page.getByPlaceholder('Search by title, email or category...').fill('no such ticket');
    await page.getByText('No tickets found').waitFor();
    await page.context().close();
  });

  it("turns a customer_support member away with 'Access Denied'", async () => {
    const { token } = await post('/api/staff/login', OWNER);
    const email = 'agent@groupflow.test';
    await post('/api/staff/create', { username: 'agent', email, password: 'issued-pass-1', role: 'customer_support' }, token as string);
    const first = await post('/api/staff/login', { email, password: 'issued-pass-1' });
    await post('/api/staff/change-password', { currentPassword: 'issued-pass-1', newPassword: 'agent-pass-22' }, first.token as string);
    const page = await staffPage(email, 'agent-pass-22');
    await page.goto(`${server.url}/support-tickets`);
    await page.getByText("You don't have permission to view support tickets").waitFor();
    await page.waitForURL(/\/staff-dashboard$/);
    expect(new URL(page.url()).pathname).toBe('/staff-dashboard');
    await page.context().close();
  });
});
