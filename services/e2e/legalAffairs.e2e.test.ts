/**
 * The Legal Affairs screen in Chromium against the real server: one record of each kind, and the cards count them;
 * a legal director bans the customer a policy violation is about.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CustomerBrowser } from '../test/customerBrowser.ts';
import { chooseOption, openAsStaff, storeStaffSignIn, useServerAndBrowser } from './harness.ts';

/** The page's document, as the function run in the browser sees it (this test file is typed for Node). */
declare const document: { getAnimations(): { playState: string }[] };

const OWNER = { email: 'owner@groupflow.test', password: 'owner-pass-1' };
const e2e = useServerAndBrowser({ env: { STAFF_OWNER_EMAIL: OWNER.email, STAFF_OWNER_PASSWORD: OWNER.password } });

async function signedInPage(): Promise<Page> {
  const response = await fetch(`${e2e.server.url}/api/staff/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  const { token, user } = (await response.json()) as { token: string; user: unknown };
  const page = await e2e.browser.newPage();
  await storeStaffSignIn(page.context(), e2e.server.url, token, user);
  await page.goto(`${e2e.server.url}/`);
  return page;
}

/** A staff API call with a bearer token; the answer's status and parsed body. */
async function staffCall<T = any>(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${e2e.server.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function staffToken(email: string, password: string): Promise<string> {
  const response = await fetch(`${e2e.server.url}/api/staff/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

const total = (page: Page, card: string) => page.getByTestId(`summary-${card}`);

describe('Legal Affairs in Chromium', () => {
  it('creates a case, a violation, a document and a report, and the summary cards count each', async () => {
    const page = await signedInPage();
    await page.goto(`${e2e.server.url}/legal-affairs`);
    await page.getByRole('heading', { name: 'Legal Affairs' }).waitFor();
    for (const card of ['Legal Cases', 'Policy Violations', 'Legal Documents', 'Compliance Reports']) {
      await expect.poll(() => total(page, card).textContent()).toBe('0');
    }
    await page.getByText('No legal cases yet.').waitFor();

    await page.getByRole('button', { name: '+ New Case' }).click();
    await page.getByRole('heading', { name: 'Create Legal Case' }).waitFor();
    await expect(page.getByRole('combobox', { name: 'Severity' }).textContent()).resolves.toContain('Medium');
    await page.getByRole('button', { name: 'Create Case' }).click();
    await page.getByText('Case title is required').waitFor();
    await page.getByLabel('Case Title').fill('Impersonation of a group owner');
    await chooseOption(page, 'Case Type', 'Fraud');
    await page.getByLabel('Description').fill('A member pretended to own a large group.');
    await page.getByRole('button', { name: 'Create Case' }).click();
    await page.getByText(/Case #LC-\d{4}-000001 • fraud/).waitFor();
    await expect.poll(() => total(page, 'Legal Cases').textContent()).toBe('1');
    await page.getByText('1 under investigation').waitFor();

    await page.getByRole('tab', { name: 'Policy Violations' }).click();
    await page.getByRole('button', { name: '+ Report Violation' }).click();
    await chooseOption(page, 'Violation Type', 'Spam');
    await page.getByLabel('Description').fill('Invite spam in the support channel.');
    await page.getByRole('button', { name: 'Report Violation', exact: true }).click();
    await page.getByText('Action: Pending').waitFor();
    await expect.poll(() => total(page, 'Policy Violations').textContent()).toBe('1');

    await page.getByRole('tab', { name: 'Legal Documents' }).click();
    await page.getByRole('button', { name: '+ New Document' }).click();
    await page.getByLabel('Document Title').fill('Terms of Service');
    await chooseOption(page, 'Document Type', 'Terms of Service');
    await page.getByLabel('Version').fill('1.0');
    await page.getByLabel('Content').fill('These terms apply to every GroupFlow user.');
    await page.getByRole('button', { name: 'Create Document' }).click();
    await page.getByText('Type: terms').waitFor();
    await expect.poll(() => total(page, 'Legal Documents').textContent()).toBe('1');
    await page.getByText('1 active policies').waitFor();

    await page.getByRole('tab', { name: 'Compliance' }).click();
    await page.getByRole('button', { name: '+ New Report' }).click();
    await page.getByLabel('Report Title').fill('Q1 Compliance Review');
    await chooseOption(page, 'Report Type', 'Quarterly');
    await page.getByLabel('Report Period').fill('2026-Q1');
    await page.getByLabel('Description').fill('Quarterly review.');
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await page.getByText('Type: quarterly • Period: 2026-Q1').waitFor();
    await expect.poll(() => total(page, 'Compliance Reports').textContent()).toBe('1');

    // The detail view publishes the report after a confirmation, and the published count follows.
    await page.getByRole('button', { name: 'View' }).click();
    await page.getByRole('button', { name: 'Update Status' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('This record is published').waitFor();
    await page.getByText('1 published').waitFor();
    await page.close();
  });

  it('lets the legal director name the customer of a violation and ban them; their open tab is told why', async () => {
    const customer = new CustomerBrowser(e2e.server.url);
    await customer.signInWithDiscord('e2e_raider');
    expect((await customer.json('GET', '/api/user')).status).toBe(200);
    // The customer has GroupFlow open in a tab of their own.
    const tab = await e2e.browser.newPage();
    await tab
      .context()
      .addCookies([...customer.cookies].map(([name, value]) => ({ name, value, url: e2e.server.url })));
    await tab.goto(`${e2e.server.url}/settings`);
    await tab.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();

    // The owner creates the director with an issued password, which the director replaces before working.
    const director = { email: 'lena@groupflow.test', issued: 'issued-pass-2026', own: 'lena-own-pass-2026' };
    const owner = await staffToken(OWNER.email, OWNER.password);
    const created = await staffCall('POST', '/api/staff/create', owner, {
      username: 'lena',
      email: director.email,
      password: director.issued,
      role: 'director_legal_affairs_safety',
    });
    expect(created.status).toBe(201);
    const issued = await staffToken(director.email, director.issued);
    const changed = await staffCall('POST', '/api/staff/change-password', issued, {
      currentPassword: director.issued,
      newPassword: director.own,
    });
    expect(changed.status).toBe(200);

    // The director reports the violation naming the customer, picked by name.
    const page = await openAsStaff(e2e, director.email, director.own);
    await page.goto(`${e2e.server.url}/legal-affairs`);
    await page.getByRole('tab', { name: 'Policy Violations' }).click();
    await page.getByRole('button', { name: '+ Report Violation' }).click();
    await chooseOption(page, 'Violation Type', 'Spam');
    await page.getByLabel('Description').fill('Raid invites sent to every member.');
    await page.getByLabel('Customer (optional)').fill('e2e_r');
    await page.getByRole('list', { name: 'Matching customers' }).waitFor();
    await page.screenshot({ path: '/tmp/h36-picker-matches.png' });
    await page
      .getByRole('list', { name: 'Matching customers' })
      .getByRole('button', { name: /e2e_raider/ })
      .click();
    await page.getByRole('button', { name: 'Remove e2e_raider' }).waitFor();
    await page.screenshot({ path: '/tmp/h36-report-violation-picker.png' });
    await page.getByRole('button', { name: 'Report Violation', exact: true }).click();

    await page
      .getByRole('listitem')
      .filter({ hasText: 'Raid invites sent to every member.' })
      .getByRole('button', { name: 'Review' })
      .click();
    await page.getByText(/e2e_raider \(#\d+\)/).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    // The dialog fades in: the picture is taken once it is whole.
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    await page.screenshot({ path: '/tmp/h36-violation-detail-390.png' });
    await page.setViewportSize({ width: 1366, height: 768 });
    // The ban opens on the account the report names: no search.
    await page.getByRole('button', { name: 'Ban customer' }).click();
    await page.getByRole('button', { name: 'Ban e2e_raider' }).click();
    const confirm = page.getByRole('dialog', { name: 'Ban e2e_raider' });
    await confirm.getByLabel('Ban reason (Required)').fill('Raid invites in direct messages');
    await confirm.getByRole('button', { name: 'Ban customer' }).click();
    await page.getByText('Customer banned').waitFor();

    // The account now shows its ban and offers Unban; the customer's next call is refused.
    await page.getByText(/Banned by lena/).waitFor();
    await page.getByRole('button', { name: 'Unban e2e_raider' }).waitFor();
    expect((await customer.json('GET', '/api/user')).status).toBe(401);
    const activities = await staffCall<{ type: string; description: string }[]>('GET', '/api/staff/activities', owner);
    const violations = await staffCall<{ id: number; description: string }[]>('GET', '/api/legal/violations', owner);
    const reported = violations.body.find((entry) => entry.description === 'Raid invites sent to every member.');
    expect(activities.body.find((entry) => entry.type === 'customer.banned')?.description).toContain(
      `(policy violation #${reported?.id}): Raid invites in direct messages`,
    );

    // The customer's open tab leaves the signed-in pages and says why.
    await tab
      .getByRole('alert')
      .filter({ hasText: 'You have been signed out: Raid invites in direct messages' })
      .first()
      .waitFor();
    expect(new URL(tab.url()).pathname).toBe('/');
    await tab.screenshot({ path: '/tmp/h36-signed-out-tab.png' });
    await tab.setViewportSize({ width: 390, height: 844 });
    await tab.screenshot({ path: '/tmp/h36-signed-out-tab-390.png' });
    await tab.context().close();
    await page.context().close();
  });
});
