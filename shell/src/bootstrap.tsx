import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import './theme.css';
import '@groupflow/shell-kit/kit.css';

export function start(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('Root element not found');
  // Spec 1 section 2.1: browser back and forward reload the whole page.
  window.addEventListener('popstate', () => window.location.reload());
  createRoot(root).render(<App />);
}
