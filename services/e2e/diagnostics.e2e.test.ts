import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusResponseSchema } from '@groupflow/core/contracts';
import { SESSION_COOKIE } from '@groupflow/adapters/http/createHttpApp';
import { TcpRelay } from '@groupflow/adapters/net/tcpRelay';
import { useServerAndBrowser } from './harness.ts';

const e2e = useServerAndBrowser();
/** Screenshots for a human to look at, only when asked for (as the other e2e tests do). */
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;

/** The browser reaches the server through a relay the test cuts: the API stops answering, then comes back. */
let relay: TcpRelay;
let relayUrl: string;

beforeAll(async () => {
  const server = new URL(e2e.server.url);
  relay = new TcpRelay({ host: server.hostname, port: Number(server.port) });
  await relay.open();
  relayUrl = `http://127.0.0.1:${relay.port}`;
});

afterAll(async () => {
  await relay?.cut().catch(() => undefined);
});

describe('diagnostics in Chromium', () => {
  it('opens the connection-issue modal when the API stops answering and closes it 2 s after it is back', async () => {
    const page = await e2e.browser.newPage();
    // The debug view draws the monitor (for visitors it polls unseen); its polls find the outage either way.
    await page.goto(`${relayUrl}/support?debug=true`);
    await page.getByRole('heading', { name: 'Support', exact: true }).waitFor();
    // The monitor (and the modal's chunk) load once the page is idle; its polls find the outage.
    await page.getByRole('button', { name: /System Monitor/ }).waitFor();

    await relay.cut();
    const dialog = page.getByRole('dialog', { name: 'Connection Issues Detected' });
    await dialog.waitFor({ timeout: 20_000 });
    await dialog.getByText('Cannot reach API server').first().waitFor();
    await dialog.getByText('Fix: Check your internet connection').first().waitFor();
    await expect(dialog.getByRole('button', { name: 'Try Demo Dashboard' }).isVisible()).resolves.toBe(true);
    await expect(dialog.getByRole('button', { name: 'Close Diagnostics' }).isVisible()).resolves.toBe(true);

    await relay.open(relay.port);
    await dialog.getByText('The connection is back. This window closes in a moment.').waitFor({ timeout: 15_000 });
    const backAt = Date.now();
    await expect(dialog.isVisible()).resolves.toBe(true);
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    // Closed by itself, and not before the 2 s the spec gives.
    expect(Date.now() - backAt).toBeGreaterThanOrEqual(1500);
    await page.close();
  });

  it('lists every service the API reports on the status page', async () => {
    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.server.url}/status`);
    await page.getByRole('heading', { name: 'Services' }).waitFor();
    const status = statusResponseSchema.parse(await (await fetch(`${e2e.server.url}/api/status`)).json());
    expect(status.services.length).toBeGreaterThanOrEqual(5);
    for (const service of status.services) {
      await page.locator(`[data-service="${service.name}"]`).waitFor();
    }
    await expect(page.locator('[data-service]').count()).resolves.toBe(status.services.length);
    await page.getByRole('heading', { name: 'Recent Incidents' }).waitFor();
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/diagnostics-status.png`, fullPage: true });
    await page.close();
  });

  it("shows a customer whose calls fail the plain banner, never the operators' diagnostics or monitor (issue 36)", async () => {
    const page = await e2e.browser.newPage();
    // A session cookie, as a signed-in customer's: without one the page is drawn signed out and asks for no user.
    await page.context().addCookies([{ name: SESSION_COOKIE, value: 'signed-in', url: e2e.server.url }]);
    await page.route('**/api/user', (route) =>
      route.fulfill({ status: 500, body: '{"message":"Internal server error"}' }),
    );
    await page.goto(`${e2e.server.url}/customer-dashboard`);
    await page.getByText("We can't reach GroupFlow right now. Retrying...").waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Try again' }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('dialog', { name: 'Connection Issues Detected' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /System Monitor/ }).count()).resolves.toBe(0);
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/diagnostics-banner.png` });
    await page.close();
  });
});
