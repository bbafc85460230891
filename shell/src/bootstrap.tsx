import { createRoot, hydrateRoot } from 'react-dom/client';
import { installFetchDiagnostics, markStaffSignedIn, STAFF_TOKEN_KEY } from '@groupflow/shell-kit';
import { areaOfPath, FRAME_ATTRIBUTE, routeOfPath } from '@groupflow/core/contracts';
import { App } from './App.tsx';
import { loadArea } from './remotes/loadArea.tsx';
import './theme.css';
import '@groupflow/shell-kit/kit.css';

export function start(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('Root element not found');
  // Spec 1 section 2.1: browser back and forward reload the whole page.
  window.addEventListener('popstate', () => window.location.reload());
  // Spec 3 section 7: every call of the page, the remotes' included, reports its failures to the diagnostics.
  installFetchDiagnostics(window);
  // The marker cookie follows the stored staff token, also for a token stored before the marker existed.
  markStaffSignedIn(Boolean(globalThis.localStorage?.getItem(STAFF_TOKEN_KEY)));
  // The page the build prerendered (prerender.tsx, into the root's markup) is hydrated: React takes over the markup
  // already on screen. A query string may ask the page for another view (the landing page's debug view), so such a
  // visit draws afresh, which replaces the prerendered markup.
  if (root.dataset.prerendered === window.location.pathname && !window.location.search) {
    hydrateRoot(root, <App />);
    return;
  }
  // A remote's page the server drew signed out (its frame, inert until now) is replaced in one draw by the same
  // screen: the remote and the screen's code load first, so the frame never gives way to a loading state.
  const route = routeOfPath(window.location.pathname);
  const area = areaOfPath(route);
  const framed = root.querySelector(`[${FRAME_ATTRIBUTE}]`)?.getAttribute(FRAME_ATTRIBUTE) === route;
  if (area && framed && !window.location.search) {
    // A failed load is the area's to show (RemoteArea tries again and offers Retry).
    void loadArea(area, { signedOut: true })
      .catch(() => undefined)
      .finally(() => createRoot(root).render(<App />));
    return;
  }
  createRoot(root).render(<App />);
}
