/**
 * /support-tickets in Chromium: the owner changes a status and sees a message pushed from the customer in the
 * chat dialog; a customer_support member is turned away with 'Access Denied'.
 */
import { describe, expect, it } from 'vitest';
import { openAsStaff, useServerAndBrowser } from './harness.ts';

const OWNER = { email: 'owner@groupflow.test', password: 'owner-password-1' };
const e2e = useServerAndBrowser({ env: { STAFF_OWNER_EMAIL: OWNER.email, STAFF_OWNER_PASSWORD: OWNER.password } });

async function post(path: string, body: unknown, token?: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${e2e.server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

describe('support tickets page', () => {
  it('lets the owner set a status and follow the chat live', async () => {
    const created = await post('/api/support/create-public', {
      name: 'Vera',
      email: 'vera@example.test',
      subject: 'Cannot verify',
      message: 'Verification fails',
      priority: 'high',
    });
    const key = new URLSearchParams(new URL(created.chatUrl as string).hash.slice(1)).get('key') ?? '';
    const page = await openAsStaff(e2e, OWNER.email, OWNER.password);
    const streamUrls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/support/events') streamUrls.push(request.url());
    });
    await page.goto(`${e2e.server.url}/support-tickets`);
    await page.getByRole('heading', { name: 'Cannot verify' }).waitFor();

    await page.getByLabel('Status of Cannot verify').selectOption('waiting_response');
    await page.getByText('Ticket updated successfully!').waitFor();
    await page.locator('.badge', { hasText: 'waiting response' }).waitFor();

    await page.getByRole('button', { name: 'Chat' }).click();
    await page.getByRole('dialog').getByText('Verification fails').waitFor();
    await post(`/api/support/chat/${created.id as number}/messages`, { message: 'Any news?' }, undefined, { 'X-Chat-Key': key });
    await page.getByRole('dialog').getByText('Any news?').waitFor({ timeout: 2000 });
    // The stream opened with a single-use ticket; the staff token never appeared in a URL.
    expect(streamUrls.length).toBeGreaterThan(0);
    for (const url of streamUrls) expect(new URL(url).searchParams.has('ticket') && !url.includes('token=')).toBe(true);
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
    const page = await openAsStaff(e2e, email, 'agent-pass-22');
    await page.goto(`${e2e.server.url}/support-tickets`);
    await page.getByText("You don't have permission to view support tickets").waitFor();
    await page.waitForURL(/\/staff-dashboard$/);
    expect(new URL(page.url()).pathname).toBe('/staff-dashboard');
    await page.context().close();
  });
});
