/** The Legal Affairs screen in Chromium against the real server: one record of each kind, and the cards count them. */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseOption, useServerAndBrowser } from './harness.ts';

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
  await page.goto(`${e2e.server.url}/`);
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('staffToken', t);
      localStorage.setItem('staffUser', u);
    },
    [token, JSON.stringify(user)] as const,
  );
  return page;
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
});
