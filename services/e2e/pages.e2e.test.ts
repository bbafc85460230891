import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FIRST_PAINT_ATTRIBUTE } from '@groupflow/core/contracts';
import { useServerAndBrowser } from './harness.ts';

const e2e = useServerAndBrowser();

async function open(path: string): Promise<{ page: Page; status: number | undefined }> {
  const page = await e2e.browser.newPage();
  const response = await page.goto(`${e2e.server.url}${path}`);
  return { page, status: response?.status() };
}

/** The page's script errors and console errors as they come (a failed request's own line aside). */
function scriptErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The shell's loading state of an area, and the kit's of a screen (the remote's Suspense fallback). */
const AREA_LOADING = '.page[aria-busy="true"], .kit-loading';

/**
 * Watches the page from before its first script for `selector`; the answer says whether it was ever drawn. Browser
 * code as a string: this project is compiled without the DOM's types.
 */
async function watchFor(page: Page, selector: string): Promise<() => Promise<boolean>> {
  await page.addInitScript({
    content: `window.sawWatched = false;
      new MutationObserver(() => {
        if (document.querySelector(${JSON.stringify(selector)})) window.sawWatched = true;
      }).observe(document, { childList: true, subtree: true });`,
  });
  return () => page.evaluate<boolean>('window.sawWatched === true');
}

describe('the shell and its remotes in Chromium', () => {
  it('shows the landing page, rendered by the shell without any remote, with its support form', async () => {
    const page = await e2e.browser.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const response = await page.goto(`${e2e.server.url}/`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Need Help?' }).waitFor();
    await expect(page.getByRole('link', { name: 'Staff Login' }).first().getAttribute('href')).resolves.toBe(
      '/staff-login',
    );
    await expect(page.getByRole('link', { name: 'Login with Roblox' }).first().getAttribute('href')).resolves.toBe(
      '/auth/roblox',
    );
    // The form is drawn with the page; its validation (react-hook-form, zod) loads when it is first focused.
    await page.getByLabel('Priority').waitFor();
    const priorities = await page.locator('select option').allTextContents();
    expect(priorities).toEqual([
      'Low - General questions',
      'Medium - Account issues',
      'High - Service interruption',
      'Urgent - Critical bug',
    ]);
    // Once the page is idle a visitor fetches the small connection banner, never the operators' monitor (issue 36).
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('button', { name: /System Monitor/ }).count()).resolves.toBe(0);
    expect(requested.filter((path) => path === '/api/debug')).toEqual([]);
    expect(requested.filter((path) => path.startsWith('/remotes/') || path === '/api/remotes')).toEqual([]);
    await page.close();
  });

  it('sends the landing page with its content already drawn, and React takes it over without a mismatch', async () => {
    // Without scripts: what the server sent is the page (issue 28: the largest paint needs no script).
    const context = await e2e.browser.newContext({ javaScriptEnabled: false });
    const still = await context.newPage();
    await still.goto(`${e2e.server.url}/`);
    await expect(
      still.getByRole('heading', { level: 1, name: 'Connect your Discord server with your Roblox group' }).count(),
    ).resolves.toBe(1);
    await context.close();

    // With scripts: hydration reports a mismatch as a console error; a hydrated page answers its buttons.
    const page = await e2e.browser.newPage();
    const errors = scriptErrors(page);
    await page.goto(`${e2e.server.url}/`);
    await page.waitForLoadState('networkidle');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).resolves.toBe('true');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("sends a remote's page signed out with its screen already drawn, which the screen replaces in one draw", async () => {
    // Without scripts: the first paint the build drew is the page, inert (issue 28: the largest paint needs no script).
    const context = await e2e.browser.newContext({ javaScriptEnabled: false });
    const still = await context.newPage();
    await still.goto(`${e2e.server.url}/staff-login`);
    const firstPaint = still.locator(`[${FIRST_PAINT_ATTRIBUTE}="/staff-login"]`);
    await expect(firstPaint.getAttribute('inert')).resolves.toBe('');
    await expect(firstPaint.locator('h1').textContent()).resolves.toBe('Staff Login');
    await expect(firstPaint.locator('input[type="password"]').count()).resolves.toBe(1);
    await context.close();

    // With scripts: the remote's loading state never shows between the first paint and the screen, which then answers.
    const page = await e2e.browser.newPage();
    const errors = scriptErrors(page);
    const sawLoading = await watchFor(page, AREA_LOADING);
    await page.goto(`${e2e.server.url}/staff-login`);
    await page.locator(`[${FIRST_PAINT_ATTRIBUTE}]`).waitFor({ state: 'detached' });
    await expect(sawLoading()).resolves.toBe(false);
    await page.getByLabel('Company Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Please enter a valid company email address').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it("draws a customer screen's signed-out view in its first paint, and the live screen knows no one is signed in", async () => {
    const context = await e2e.browser.newContext({ javaScriptEnabled: false });
    const still = await context.newPage();
    await still.goto(`${e2e.server.url}/customer-dashboard`);
    await expect(still.locator(`[${FIRST_PAINT_ATTRIBUTE}="/customer-dashboard"] h1`).textContent()).resolves.toBe(
      'Authentication Required',
    );
    await context.close();

    // The live screen draws the same signed-out view at once: no "Loading dashboard..." while it asks.
    const page = await e2e.browser.newPage();
    const errors = scriptErrors(page);
    // The screen's own loading state is a card with a spinner ("Loading dashboard...").
    const sawLoading = await watchFor(page, `${AREA_LOADING}, .spinner`);
    await page.goto(`${e2e.server.url}/customer-dashboard`);
    await page.locator(`[${FIRST_PAINT_ATTRIBUTE}]`).waitFor({ state: 'detached' });
    await expect(sawLoading()).resolves.toBe(false);
    await expect(page.getByRole('link', { name: 'Login with Discord' }).getAttribute('href')).resolves.toBe(
      '/auth/discord',
    );
    await page.getByRole('button', { name: 'Go Back Home' }).click();
    await page.waitForURL(`${e2e.server.url}/`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('draws the System Monitor in the debug view only, not for a visitor of a test server', async () => {
    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.server.url}/support?debug=true`);
    await page.getByRole('button', { name: /System Monitor/ }).waitFor();
    await page.goto(`${e2e.server.url}/support`);
    await page.getByRole('heading', { name: 'Support', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('button', { name: /System Monitor/ }).count()).resolves.toBe(0);
    await page.close();
  });

  it('validates the staff login form on the client with the spec messages', async () => {
    const { page } = await open('/staff-login');
    await page.getByLabel('Company Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('123');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Please enter a valid company email address').waitFor();
    await page.getByText('Password must be at least 6 characters').waitFor();
    await expect(page.getByText('Staff Access Levels').isVisible()).resolves.toBe(true);
    await page.close();
  });

  it('renders the Privacy Policy with 11 sections dated July 14, 2025', async () => {
    const { page } = await open('/privacy');
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    await page.getByText('Last updated: July 14, 2025').waitFor();
    await expect(page.locator('section.legal-section h2').count()).resolves.toBe(11);
    await expect(page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).resolves.toBe('/');
    await page.close();
  });

  it('renders the Terms of Service with 15 sections effective July 14, 2025', async () => {
    const { page } = await open('/terms');
    await page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
    await page.getByText('Effective date: July 14, 2025').waitFor();
    await expect(page.locator('section.legal-section h2').count()).resolves.toBe(15);
    await page.close();
  });

  it('answers an unknown path with the shell 404 page and a 404 status', async () => {
    const { page, status } = await open('/no-such-page');
    expect(status).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    await page.close();
  });

  it('keeps the other areas working when one remote fails to load, and recovers on Retry', async () => {
    const page = await e2e.browser.newPage();
    await page.route('**/remotes/legal/**', (route) => route.abort('connectionrefused'));
    await page.goto(`${e2e.server.url}/privacy`);
    await page.getByRole('heading', { name: 'The Legal area could not be loaded' }).waitFor();
    // The loader's error is there for a report, folded away from the visitor.
    await expect(page.locator('.remote-failure-details').isVisible()).resolves.toBe(false);
    await page.getByText('Technical details').click();
    await expect(page.locator('.remote-failure-details').isVisible()).resolves.toBe(true);

    await page.goto(`${e2e.server.url}/`);
    await page.getByRole('heading', { name: 'Need Help?' }).waitFor();

    await page.goto(`${e2e.server.url}/terms`);
    await page.getByRole('heading', { name: 'The Legal area could not be loaded' }).waitFor();
    await page.unroute('**/remotes/legal/**');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
    await page.close();
  });

  it('reports a connected database through the API', async () => {
    const response = await fetch(`${e2e.server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', database: 'connected' });
  });
});
