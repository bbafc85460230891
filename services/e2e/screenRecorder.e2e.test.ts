/**
 * The live chat's screen recorder in Chromium with fake capture devices: record with the microphone, stop,
 * see the result, and download a webm named with the date.
 */
import { describe, expect, it } from 'vitest';
import { openAsStaff, useServerAndBrowser } from './harness.ts';

const OWNER = { email: 'owner@groupflow.test', password: 'owner-password-1' };
const e2e = useServerAndBrowser({ env: { STAFF_OWNER_EMAIL: OWNER.email, STAFF_OWNER_PASSWORD: OWNER.password } }, [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--auto-select-desktop-capture-source=Entire screen',
]);

describe('screen recorder', () => {
  it('records, stops and downloads a dated webm', async () => {
    await fetch(`${e2e.server.url}/api/support/create-public`, {
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
    await dialog.getByText(/Recording 0:0\d \/ 5:00/).waitFor();
    await page.waitForTimeout(1500);
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
    await dialog.getByRole('button', { name: 'Start Recording' }).waitFor();
    await page.context().close();
  });
});
