/**
 * /support-tickets in Chromium: the owner changes a status and sees a message pushed from the customer in the
 * chat dialog, pages past the first 100 tickets and finds an old one by email; a customer_support member is
 * turned away with 'Access Denied'.
 */
import { describe, expect, it } from 'vitest';
import { chooseOption, openAsStaff, useServerAndBrowser } from './harness.ts';

const OWNER = { email: 'owner@groupflow.test', password: 'owner-password-1' };
/** Set to a directory to keep screenshots of the new desk screens at both widths, for people to look at. */
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;
/** More tickets than one page of the list (TICKET_LIST_DEFAULT_LIMIT 100). */
const MANY = 104;
const e2e = useServerAndBrowser({
  env: {
    STAFF_OWNER_EMAIL: OWNER.email,
    STAFF_OWNER_PASSWORD: OWNER.password,
    SUPPORT_TICKET_MAX_PER_WINDOW: String(MANY + 10),
  },
});

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

    await chooseOption(page, 'Status of Cannot verify', 'Waiting Response');
    await page.getByText('Ticket updated successfully!').waitFor();
    await page.locator('.badge', { hasText: 'waiting response' }).waitFor();

    await page.getByRole('button', { name: 'Chat' }).click();
    await page.getByRole('dialog').getByText('Verification fails').waitFor();
    await post(`/api/support/chat/${created.id as number}/messages`, { message: 'Any news?' }, undefined, {
      'X-Chat-Key': key,
    });
    await page.getByRole('dialog').getByText('Any news?').waitFor({ timeout: 2000 });
    // The stream opened with a single-use ticket; the staff token never appeared in a URL.
    expect(streamUrls.length).toBeGreaterThan(0);
    for (const url of streamUrls) expect(new URL(url).searchParams.has('ticket') && !url.includes('token=')).toBe(true);
    await page.getByRole('button', { name: 'Close chat' }).click();

    await page.getByPlaceholder('Search by title, email or category...').fill('no such ticket');
    await page.getByText('No tickets found').waitFor();
    await page.context().close();
  });

  it('pages past ticket 100 with Load more and finds an old ticket by email on the server', async () => {
    const ticket = (subject: string, email: string) =>
      post('/api/support/create-public', { name: 'Bulk', email, subject, message: 'One of many', priority: 'low' });
    await ticket('Oldest of many', 'first-of-many@example.test');
    for (let i = 1; i <= MANY; i += 1) await ticket(`Bulk ticket ${i}`, `bulk${i}@example.test`);
    const page = await openAsStaff(e2e, OWNER.email, OWNER.password);
    await page.goto(`${e2e.server.url}/support-tickets`);
    await page.getByRole('heading', { name: `Bulk ticket ${MANY}` }).waitFor();
    expect(await page.getByRole('heading', { name: 'Oldest of many' }).count()).toBe(0);

    // Not among the loaded tickets, so only the server's search can find it.
    const search = page.getByPlaceholder('Search by title, email or category...');
    await search.fill('FIRST-OF-MANY@example');
    await page.getByRole('heading', { name: 'Oldest of many' }).waitFor();
    await page.getByRole('heading', { name: `Bulk ticket ${MANY}` }).waitFor({ state: 'detached' });

    await search.fill('');
    await page.getByRole('heading', { name: `Bulk ticket ${MANY}` }).waitFor();
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.getByRole('heading', { name: 'Oldest of many' }).waitFor();
    await page.getByText('No more tickets').waitFor();

    await page.goto(`${e2e.server.url}/live-support-chat`);
    await page.getByRole('button', { name: /Bulk ticket 104/ }).waitFor();
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.getByRole('button', { name: /Oldest of many/ }).waitFor();
    await page.context().close();
  });

  it('keeps a canned response, posts it by typing its short code, and labels and filters tickets (issue 39)', async () => {
    const created = await post('/api/support/create-public', {
      name: 'Vera',
      email: 'vera-refund@example.test',
      subject: 'Refund wanted',
      message: 'Charged twice',
      priority: 'medium',
    });
    const page = await openAsStaff(e2e, OWNER.email, OWNER.password);
    await page.goto(`${e2e.server.url}/support-tickets`);
    await page.getByRole('tab', { name: 'Canned Responses' }).click();
    await page.getByText('No canned responses yet').waitFor();
    await page.getByRole('button', { name: 'New response' }).click();
    const editor = page.getByRole('dialog', { name: 'New canned response' });
    await editor.getByLabel('Short code').fill('refund');
    await editor.getByLabel('Title').fill('Refund sent');
    await editor.getByLabel('Text').fill('Hi {{customer.name}}, ticket {{ticket.id}} is refunded.');
    await editor.getByRole('button', { name: 'Add response' }).click();
    await page.getByText('/refund').waitFor();
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/canned-responses-${width}.png` });
    }
    await page.setViewportSize({ width: 1366, height: 900 });

    await page.getByRole('tab', { name: 'Tickets' }).click();
    const card = page.locator('.tickets-card', { has: page.getByRole('heading', { name: 'Refund wanted' }) });
    await card.getByRole('button', { name: 'Labels' }).click();
    const labels = page.getByRole('dialog', { name: 'Edit labels' });
    await labels.getByLabel('Labels').fill('billing, vip');
    await labels.getByRole('button', { name: 'Save labels' }).click();
    await card.getByRole('button', { name: 'Show tickets labelled vip' }).click();
    await expect(page.getByLabel('Filter by label').inputValue()).resolves.toBe('vip');
    await page.getByRole('heading', { name: 'Cannot verify' }).waitFor({ state: 'detached' });

    await card.getByRole('button', { name: 'Chat' }).click();
    const chat = page.getByRole('dialog', { name: 'Refund wanted' });
    await chat.getByRole('combobox', { name: 'Message' }).fill('/ref');
    await chat.getByRole('option', { name: '/refund Refund sent' }).waitFor();
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/canned-suggestions-${width}.png` });
    }
    await chat.getByRole('combobox', { name: 'Message' }).press('Enter');
    await chat.getByText(`Hi Vera, ticket ${created.id as number} is refunded.`).waitFor();
    await expect(chat.getByRole('combobox', { name: 'Message' }).inputValue()).resolves.toBe('');
    await page.getByRole('button', { name: 'Close chat' }).click();

    // The SLA targets, set by the owner; the reply above stopped this ticket's first-reply clock.
    // The list refetches after the reply, so wait for the new clock rather than counting at once.
    await card.getByText(/Resolve by/).waitFor();
    await expect(card.getByText(/Reply by/).count()).resolves.toBe(0);
    await page.getByRole('tab', { name: 'SLA' }).click();
    const urgent = page.getByRole('group', { name: 'Urgent' });
    await urgent.getByLabel('First reply within (minutes)').fill('20');
    await page.getByRole('button', { name: 'Save targets' }).click();
    await page.getByText('SLA targets saved').waitFor();
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/sla-${width}.png`, fullPage: true });
    }
    await page.context().close();
  });

  it("turns a customer_support member away with 'Access Denied'", async () => {
    const { token } = await post('/api/staff/login', OWNER);
    const email = 'agent@groupflow.test';
    await post(
      '/api/staff/create',
      { username: 'agent', email, password: 'issued-pass-0001-abc', role: 'customer_support' },
      token as string,
    );
    const first = await post('/api/staff/login', { email, password: 'issued-pass-0001-abc' });
    await post(
      '/api/staff/change-password',
      { currentPassword: 'issued-pass-0001-abc', newPassword: 'agent-pass-22' },
      first.token as string,
    );
    const page = await openAsStaff(e2e, email, 'agent-pass-22');
    await page.goto(`${e2e.server.url}/support-tickets`);
    await page.getByText("You don't have permission to view support tickets").waitFor();
    await page.waitForURL(/\/staff-dashboard$/);
    expect(new URL(page.url()).pathname).toBe('/staff-dashboard');
    await page.context().close();
  });
});
