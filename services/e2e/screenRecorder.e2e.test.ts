/**
 * The live chat's screen recorder in Chromium with fake capture devices: record with the microphone, stop,
 * see the result, download a webm named with the date, and attach it to the ticket (issue 26): the staff thread and
 * the customer's chat page both play it, seeking through Range requests. With E2E_SCREENSHOTS set, the customer
 * chat with the recording is saved at 1366 and 390 px.
 */
import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openAsStaff, useServerAndBrowser } from './harness.ts';

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

/** The parts of HTMLVideoElement the test drives (this package's types have no DOM). */
interface Video {
  muted: boolean;
  currentTime: number;
  seeking: boolean;
  readyState: number;
  play(): Promise<void>;
  pause(): void;
}

/** With E2E_SCREENSHOTS set, the page at both widths the product is checked at. */
async function screenshots(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  await mkdir(SCREENSHOTS, { recursive: true });
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

/** The statuses of the page's attachment requests from now on: a <video> asks by Range (206) from its first byte. */
function attachmentStatuses(page: Page): number[] {
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/support/attachments/')) statuses.push(response.status());
  });
  return statuses;
}

/** Plays the video until it has advanced, then seeks back into it. The callbacks run in the page. */
async function playAndSeek(video: Locator): Promise<void> {
  await video.evaluate((node) => {
    const element = node as unknown as Video;
    element.muted = true;
    return element.play();
  });
  await expect
    .poll(() => video.evaluate((node) => (node as unknown as Video).currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0.3);
  await video.evaluate((node) => {
    const element = node as unknown as Video;
    element.pause();
    element.currentTime = 0.1;
  });
  await expect
    .poll(
      () =>
        video.evaluate((node) => {
          const element = node as unknown as Video;
          return !element.seeking && element.readyState >= 2;
        }),
      { timeout: 10_000 },
    )
    .toBe(true);
}

const OWNER = { email: 'owner@groupflow.test', password: 'owner-password-1' };
const e2e = useServerAndBrowser({ env: { STAFF_OWNER_EMAIL: OWNER.email, STAFF_OWNER_PASSWORD: OWNER.password } }, [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--auto-select-desktop-capture-source=Entire screen',
]);

describe('screen recorder', () => {
  it('records, stops, downloads a dated webm and attaches it to the ticket, playable by staff and customer', async () => {
    const created = await fetch(`${e2e.server.url}/api/support/create-public`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Vera',
        email: 'vera@example.test',
        subject: 'Screen issue',
        message: 'See recording',
        priority: 'low',
      }),
    });
    const page = await openAsStaff(e2e, OWNER.email, OWNER.password);
    await page.goto(`${e2e.server.url}/live-support-chat`);
    await page.getByRole('button', { name: /Screen issue/ }).click();
    await page.getByRole('button', { name: 'Record Screen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Screen Recorder' });
    await expect(dialog.getByLabel('Include microphone audio').isChecked()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Start Recording' }).click();
    await page.getByText('Recording started').waitFor();
    // A recording with a second in it, told by the recorder's own clock.
    await dialog.getByText(/Recording 0:0[1-9] \/ 5:00/).waitFor();
    await dialog.getByRole('button', { name: 'Stop Recording' }).click();
    await page.getByText('Recording stopped').waitFor();
    await dialog.getByText(/\d+\.\d MB · 0:0\d/).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^screen-recording-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.webm$/);
    await page.getByText('Download started').waitFor();

    await dialog.getByRole('button', { name: 'New Recording' }).click();
    await dialog.getByRole('button', { name: 'Start Recording' }).click();
    await dialog.getByText(/Recording 0:0[1-9] \/ 5:00/).waitFor();
    await dialog.getByRole('button', { name: 'Stop Recording' }).click();
    const staffStatuses = attachmentStatuses(page);
    await dialog.getByRole('button', { name: 'Attach to Ticket' }).click();
    const outcome = page.getByText('Recording attached').or(page.getByText('Upload failed'));
    await outcome.first().waitFor();
    // On failure the toasts' text says why (the server's message under 'Upload failed').
    expect((await page.locator('[role=status], [role=alert]').allInnerTexts()).join(' | ')).toContain(
      'Recording attached',
    );
    await expect(dialog.isVisible()).resolves.toBe(false);

    // The staff thread shows the recording as a message of its own, and plays it.
    const thread = page.getByRole('log', { name: 'Ticket messages' });
    await thread.getByText(/^Screen recording \(0:0\d\)$/).waitFor();
    const staffVideo = thread.getByLabel(/^Screen recording, 0:0\d, (\d+ KB|\d+\.\d MB)$/);
    await playAndSeek(staffVideo);
    expect(staffStatuses).toContain(206);
    await screenshots(page, 'live-support-chat-recording');
    await page.context().close();

    // The customer, holding the chat key, sees and plays it on the chat page.
    const { chatUrl } = (await created.json()) as { chatUrl: string };
    const customer = await e2e.browser.newContext();
    const chat = await customer.newPage();
    const customerStatuses = attachmentStatuses(chat);
    await chat.goto(chatUrl.replace(/^https?:\/\/[^/]+/, e2e.server.url));
    const customerVideo = chat
      .getByRole('log', { name: 'Messages' })
      .getByLabel(/^Screen recording, 0:0\d, (\d+ KB|\d+\.\d MB)$/);
    await customerVideo.waitFor();
    await playAndSeek(customerVideo);
    expect(customerStatuses).toContain(206);
    await screenshots(chat, 'support-chat-recording');
    await customer.close();
  });
});
