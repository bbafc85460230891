import { chromiumPath } from '../test/chromium.ts';

/** Fails the end-to-end run at once, naming the install command, instead of after each file starts a server. */
export default function setup(): void {
  chromiumPath();
}
