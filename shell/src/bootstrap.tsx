import { createRoot, hydrateRoot } from 'react-dom/client';
import { installFetchDiagnostics } from '@groupflow/shell-kit';
import { App } from './App.tsx';
import './theme.css';
import '@groupflow/shell-kit/kit.css';

export function start(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('Root element not found');
  // Spec 1 section 2.1: browser back and forward reload the whole page.
  window.addEventListener('popstate', () => window.location.reload());
  // Spec 3 section 7: every call of the page, the remotes' included, reports its failures to the diagnostics.
  installFetchDiagnostics(window);
  // The page the build prerendered (prerender.tsx, into the root's markup) is hydrated: React takes over the markup
  // already on screen. A query string may ask the page for another view (the landing page's debug view), so such a
  // visit draws afresh, which replaces the prerendered markup.
  if (root.dataset.prerendered === window.location.pathname && !window.location.search) hydrateRoot(root, <App />);
  else createRoot(root).render(<App />);
}
