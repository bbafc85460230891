/**
 * A visitor and a staff member talk through a ticket in two Chromium pages at once, each seeing the other's
 * messages without reloading; a page without the chat key is refused.
 */
import { describe, expect, it } from 'vitest';
import { openAsStaff, useServerAndBrowser } from './harness.ts';

const OWNER_EMAIL = 'owner@groupflow.test';
const OWNER_PASSWORD = 'owner-password-1';

const e2e = useServerAndBrowser({ env: { STAFF_OWNER_EMAIL: OWNER_EMAIL, STAFF_OWNER_PASSWORD: OWNER_PASSWORD } });

describe('support chat between a visitor and staff', () => {
  it('carries a conversation both ways in real time and refuses a page without the key', async () => {
    const visitor = await (await e2e.browser.newContext()).newPage();
    await visitor.goto(`${e2e.server.url}/`);
    await visitor.getByRole('heading', { name: 'Need Help?' }).waitFor();
    const form = visitor.getByRole('form', { name: 'Create a support ticket' });
    await form.getByLabel('Name').fill('Vera Visitor');
    await form.getByLabel('Email').fill('vera@example.test');
    await form.getByLabel('Subject').fill('Roles are not syncing');
    await form.getByLabel('Message').fill('My group roles stopped syncing yesterday.');
    await form.getByRole('button', { name: 'Create Support Ticket' }).click();
    // The key rides in the fragment: no request of the page carries it in a URL.
    await visitor.waitForURL(/\/support-chat\?ticket=\d+#key=/);
    const keyedUrls: string[] = [];
    visitor.on('request', (request) => {
      if (/[?&](key|token)=/.test(request.url())) keyedUrls.push(request.url());
    });
    await visitor.getByRole('heading', { name: 'Roles are not syncing' }).waitFor();
    await visitor.getByText('My group roles stopped syncing yesterday.').waitFor();
    const chatUrl = new URL(visitor.url());

    const staff = await openAsStaff(e2e, OWNER_EMAIL, OWNER_PASSWORD);
    await staff.goto(`${e2e.server.url}/live-support-chat`);
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
    await staff.getByRole('combobox', { name: 'Message', exact: true }).fill('Hi Vera, looking into it now.');
    await staff.getByRole('combobox', { name: 'Message', exact: true }).press('Enter');
    await visitor.getByText('Hi Vera, looking into it now.').waitFor({ timeout: 1000 });

    await visitor.getByLabel('Your message').fill('Thank you!');
    await visitor.getByLabel('Your message').press('Enter');
    await staff.getByText('Thank you!').waitFor({ timeout: 1000 });
    expect(keyedUrls).toEqual([]);

    const stranger = await (await e2e.browser.newContext()).newPage();
    await stranger.goto(`${e2e.server.url}/support-chat?ticket=${chatUrl.searchParams.get('ticket')}#key=not-the-key`);
    await stranger.getByRole('heading', { name: 'Chat link not valid' }).waitFor();
    await expect(stranger.getByText('Hi Vera, looking into it now.').count()).resolves.toBe(0);
  });
});
