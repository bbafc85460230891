import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { AREA_ROUTES } from '@groupflow/core/contracts';
import { openAsStaff, storeStaffSignIn, useServerAndBrowser } from './harness.ts';

const OWNER = { email: 'owner@groupflow.test', password: 'owner-pass-123' };
const e2e = useServerAndBrowser({ env: { STAFF_OWNER_EMAIL: OWNER.email, STAFF_OWNER_PASSWORD: OWNER.password } });

/*
 * The page's globals as the in-page functions below use them: the services project compiles without the DOM
 * library (it would clash with Node's stream types), and these functions run in Chromium.
 */
interface PageElement {
  parentElement: PageElement | null;
  childNodes: ArrayLike<{ nodeType: number; textContent: string | null }>;
  tagName: string;
  className: unknown;
  textContent: string | null;
  getBoundingClientRect(): { left: number; right: number; width: number; height: number };
}
declare const document: {
  documentElement: { clientWidth: number; scrollWidth: number };
  body: { querySelectorAll(selector: string): ArrayLike<PageElement> };
  querySelector(selector: string): unknown;
};
declare const window: unknown;
declare function getComputedStyle(element: PageElement): { overflowX: string; visibility: string };

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
/** Issue 26: no text closer than this to either side of a phone screen. */
const MIN_SIDE_MARGIN_PX = 12;
const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const ALL_ROUTES = Object.values(AREA_ROUTES).flat();
/** Set to a directory to keep a full-page screenshot of every route the axe pass opens, for people to look at. */
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;

/** Signs in from the landing page through the development Discord provider, as a newcomer would. */
async function signInFromLanding(page: Page, name: string): Promise<void> {
  await page.goto(`${e2e.server.url}/`);
  await page.getByRole('link', { name: 'Login with Discord' }).click();
  await page.getByRole('heading', { name: 'Sign in with Discord (development)' }).waitFor();
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Authorize' }).click();
  await page.waitForURL('**/customer-dashboard', { timeout: 15_000 });
}

/**
 * A browser context signed in as a customer (development Discord) and as the staff owner (stored token). It
 * bypasses the page's Content Security Policy only so axe can be injected.
 */
async function signedInContext(viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await e2e.browser.newContext({ viewport, bypassCSP: true });
  await signInFromLanding(await context.newPage(), 'journey_phone');
  const response = await fetch(`${e2e.server.url}/api/staff/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  expect(response.status).toBe(200);
  const { token, user } = (await response.json()) as { token: string; user: unknown };
  await storeStaffSignIn(context, e2e.server.url, token, user);
  return context;
}

/** Waits for the page title (the h1) a screen draws once it is there: the address changes before the page does. */
async function expectTitle(page: Page, title: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor({ timeout: 15_000 });
}

/** Waits until the page has drawn its title (h1) and its loading states are gone; false when no title came. */
async function settled(page: Page): Promise<boolean> {
  const titled = await page
    .locator('h1')
    .first()
    .waitFor({ timeout: 8_000 })
    .then(() => true)
    .catch(() => false);
  // Pages that stay on a spinner (a sign-in hand-off) are measured as they are after the wait.
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"], .spinner, .kit-skeleton'), null, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  return titled;
}

/** Text drawn closer than the margin to a side, and how far the page scrolls sideways. */
async function phoneLayoutProblems(page: Page, margin: number): Promise<{ overflow: number; tooClose: string[] }> {
  return page.evaluate((minMargin) => {
    const width = document.documentElement.clientWidth;
    const clippedSideways = (element: PageElement) => {
      for (let up = element.parentElement; up; up = up.parentElement) {
        const overflowX = getComputedStyle(up).overflowX;
        if (overflowX === 'auto' || overflowX === 'scroll' || overflowX === 'hidden') return true;
      }
      return false;
    };
    const tooClose: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const ownText = Array.from(element.childNodes).some((node) => node.nodeType === 3 && node.textContent?.trim());
      if (!ownText) continue;
      const box = element.getBoundingClientRect();
      // Screen-reader-only text, closed slide-overs and hidden elements are not on the screen.
      if (box.width <= 1 || box.height <= 1 || box.right <= 0 || box.left >= width) continue;
      if (getComputedStyle(element).visibility === 'hidden' || clippedSideways(element)) continue;
      if (box.left < minMargin - 0.5 || box.right > width - minMargin + 0.5) {
        tooClose.push(
          `${element.tagName.toLowerCase()}.${String(element.className)} "${element.textContent?.trim().slice(0, 30)}" ` +
            `${Math.round(box.left)}..${Math.round(box.right)}`,
        );
      }
    }
    return { overflow: document.documentElement.scrollWidth - width, tooClose };
  }, margin);
}

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

async function seriousAxeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run()).violations.map(({ id, impact, nodes }) => ({ id, impact, nodes }));
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

describe('a newcomer walks the customer area by clicking only', () => {
  it('signs in from the landing page and reaches every customer page through the app layout', async () => {
    const context = await e2e.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await signInFromLanding(page, 'journey_newcomer');
    await expectTitle(page, 'Customer Dashboard');

    // The customer dashboard's Verification tab leads to the real page.
    await page.getByRole('tab', { name: 'Verification' }).click();
    await page.getByRole('link', { name: 'Open User Verification' }).click();
    await page.waitForURL('**/verification');
    await expectTitle(page, 'User Verification');

    const sidebar = page.getByRole('complementary', { name: 'Main navigation' });
    const pages: [string, string, string][] = [
      ['Overview', '/customer-dashboard', 'Customer Dashboard'],
      ['Verifications & Plans', '/dashboard', 'Verifications & Plans'],
      ['My Servers', '/servers', 'My Servers'],
      ['Add to Server', '/add-to-server', 'Add to Server'],
      ['User Verification', '/verification', 'User Verification'],
      ['Roblox Groups', '/group-management', 'Roblox Groups'],
      ['Settings', '/settings', 'Settings'],
      ['Support', '/support', 'Support'],
      ['Group Workspace', '/group-workspace', 'Group Workspace'],
    ];
    for (const [item, path, title] of pages) {
      await sidebar.getByRole('link', { name: item }).click();
      await page.waitForURL((url) => url.pathname === path);
      await expectTitle(page, title);
    }

    // The groups page leads on to adding a group by id; the Support page leads home, where the next steps wait.
    await page.goto(`${e2e.server.url}/support`);
    await page
      .getByRole('complementary', { name: 'Main navigation' })
      .getByRole('link', { name: 'Roblox Groups' })
      .click();
    await page.getByRole('link', { name: 'Add a group by ID' }).click();
    await page.waitForURL('**/add-group');
    await expectTitle(page, 'Add Roblox Group');
    await page.getByRole('complementary', { name: 'Main navigation' }).getByRole('link', { name: 'Support' }).click();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL(`${e2e.server.url}/`);
    const next = page.getByRole('navigation', { name: 'Continue' });
    await next.getByText('Signed in as journey_newcomer').waitFor();
    await next.getByRole('link', { name: 'My Servers' }).click();
    await page.waitForURL('**/servers');
    await expectTitle(page, 'My Servers');
    await context.close();
  });
});

describe('every route on a phone and for assistive technology', () => {
  it('lays out every route at 390 px without sideways scrolling or text within 12 px of a side', async () => {
    const problems: string[] = [];
    for (const signedIn of [false, true]) {
      const context = signedIn ? await signedInContext(PHONE) : await e2e.browser.newContext({ viewport: PHONE });
      const page = await context.newPage();
      for (const route of ALL_ROUTES) {
        await page.goto(`${e2e.server.url}${route}`);
        if (!(await settled(page))) problems.push(`${route} has no h1`);
        const { overflow, tooClose } = await phoneLayoutProblems(page, MIN_SIDE_MARGIN_PX);
        const who = signedIn ? 'signed in' : 'visitor';
        if (overflow > 0) problems.push(`${route} (${who}) scrolls sideways by ${overflow} px`);
        for (const element of tooClose) problems.push(`${route} (${who}): ${element}`);
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 900_000);

  it('has no serious or critical axe violation on any route at either width', async () => {
    const problems: string[] = [];
    for (const viewport of [DESKTOP, PHONE]) {
      const context = await signedInContext(viewport);
      const page = await context.newPage();
      for (const route of ALL_ROUTES) {
        await page.goto(`${e2e.server.url}${route}`);
        await settled(page);
        if (SCREENSHOT_DIR) {
          const name = route === '/' ? 'landing' : route.slice(1).replaceAll('/', '_');
          await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${viewport.width}.png`, fullPage: true });
        }
        for (const violation of await seriousAxeViolations(page))
          problems.push(`${route} @${viewport.width}: ${violation}`);
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 900_000);
});

async function post(path: string, body: unknown, token?: string): Promise<Response> {
  return fetch(`${e2e.server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

describe('the staff screens offer what the server allows, with real figures', () => {
  it('reaches Legal Affairs from the dashboard and back, counts the open ticket, and charts real analytics', async () => {
    const filed = await post('/api/support/create-public', {
      name: 'Vera',
      email: 'vera@example.test',
      subject: 'Roles not syncing',
      message: 'Help',
      priority: 'high',
    });
    expect(filed.status).toBe(201);
    const page = await openAsStaff(e2e, OWNER.email, OWNER.password);
    await page.goto(`${e2e.server.url}/staff-dashboard`);
    const openTickets = page.locator('.staff-tile', { hasText: 'Open Tickets' });
    await openTickets.getByText(/^[1-9]\d*$/).waitFor();
    const status = page.getByRole('region', { name: 'System Status' });
    await status.getByText('API', { exact: true }).waitFor();
    await expect(status.getByText('API', { exact: true }).count()).resolves.toBe(1);

    await page.getByRole('link', { name: 'Legal Affairs' }).click();
    await expectTitle(page, 'Legal Affairs');
    await page.getByRole('link', { name: '← Back to Dashboard' }).click();
    await page.getByRole('heading', { name: 'Welcome back, owner' }).waitFor();

    await page.goto(`${e2e.server.url}/support-tickets`);
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await page.getByText('Tickets per day').first().waitFor();
    await page.locator('.recharts-surface').first().waitFor();
    if (SCREENSHOT_DIR)
      await page.screenshot({ path: `${SCREENSHOT_DIR}/support-tickets-analytics.png`, fullPage: true });
    await expect(page.getByText('1,247').count()).resolves.toBe(0);
    await page.context().close();
  });

  it('shows a support agent no Delete and no reply box on a ticket the owner claimed', async () => {
    const owner = (await (await post('/api/staff/login', OWNER)).json()) as { token: string };
    const agent = { username: 'agent_ann', email: 'ann@groupflow.test', password: 'agent-pass-0123456' };
    expect((await post('/api/staff/create', { ...agent, role: 'customer_support' }, owner.token)).status).toBe(201);
    const filed = (await (
      await post('/api/support/create-public', {
        name: 'Wes',
        email: 'wes@example.test',
        subject: 'Claimed by the owner',
        message: 'Hello',
        priority: 'low',
      })
    ).json()) as { id: number };
    expect((await post(`/api/support/tickets/${filed.id}/claim`, {}, owner.token)).status).toBe(200);

    // A created account starts with an issued password; the agent sets their own before working.
    const issued = (await (await post('/api/staff/login', agent)).json()) as { token: string };
    const ownPassword = 'agent-own-pass-2';
    const changed = await post('/api/staff/change-password', { newPassword: ownPassword }, issued.token);
    expect(changed.status).toBe(200);
    const page = await openAsStaff(e2e, agent.email, ownPassword);
    await page.goto(`${e2e.server.url}/live-support-chat`);
    await page.getByRole('button', { name: /Claimed by the owner/ }).click();
    await page.getByText('only they can reply to this ticket').waitFor();
    await expect(page.getByRole('button', { name: 'Delete' }).count()).resolves.toBe(0);
    await expect(page.getByRole('combobox', { name: 'Message' }).isDisabled()).resolves.toBe(true);
    await page.context().close();
  });
});
