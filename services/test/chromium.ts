import { existsSync } from 'node:fs';

/** The one command that installs Chromium on Debian and Ubuntu, named by every failure to find it. */
export const INSTALL_CHROMIUM = 'apt-get update && apt-get install -y chromium';

/** Switches for headless Chromium in a container (no sandbox, GPU, background traffic or first-run work). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** CHROMIUM_PATH, else /usr/bin/chromium; fails with the install command when neither exists. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  const path = env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(path)) return path;
  throw new Error(
    `The end-to-end tests need Chromium, and there is none at ${path}. Install it with \`${INSTALL_CHROMIUM}\`, ` +
      'or set CHROMIUM_PATH to a Chromium or Chrome executable.',
  );
}
