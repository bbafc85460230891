import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { installFetchDiagnostics, markStaffSignedIn, STAFF_TOKEN_KEY } from '@groupflow/shell-kit';
import { areaOfPath, FIRST_PAINT_ATTRIBUTE, isShellPath, routeOfPath } from '@groupflow/core/contracts';
import { App } from './App.tsx';
import { loadArea } from './remotes/loadArea.tsx';
import './theme.css';
import '@groupflow/shell-kit/kit.css';

/**
 * Takes over the route's first paint, the markup the build drew and the server put in the root (firstPaint.tsx):
 * the shell's own tree is hydrated, React adopting the markup already on screen; a remote's screen, drawn signed out
 * and inert until now, is replaced in one draw by the same screen once the remote and the screen's code have
 * loaded, so it never gives way to a loading state (a failed load is the area's to show: RemoteArea offers Retry).
 */
async function takeOver(root: HTMLElement, route: string): Promise<void> {
  const area = areaOfPath(route);
  if (isShellPath(route) || !area) hydrateRoot(root, <App />);
  else {
    await loadArea(area, { signedOut: true }).catch(() => undefined);
    flushSync(() => createRoot(root).render(<App />));
  }
  root.removeAttribute(FIRST_PAINT_ATTRIBUTE);
  root.removeAttribute('inert');
}

export function start(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('Root element not found');
  // Spec 1 section 2.1: browser back and forward reload the whole page.
  window.addEventListener('popstate', () => window.location.reload());
  // Spec 3 section 7: every call of the page, the remotes' included, reports its failures to the diagnostics.
  installFetchDiagnostics(window);
  // The marker cookie follows the stored staff token, also for a token stored before the marker existed.
  markStaffSignedIn(Boolean(globalThis.localStorage?.getItem(STAFF_TOKEN_KEY)));
  const route = routeOfPath(window.location.pathname);
  // A query string may ask the page for another view (the landing page's debug view): such a visit draws afresh,
  // which replaces any first paint.
  if (root.getAttribute(FIRST_PAINT_ATTRIBUTE) === route && !window.location.search) void takeOver(root, route);
  else createRoot(root).render(<App />);
}
