/**
 * The "Application Error" box of spec 1 section 2.1, drawn with plain DOM because React itself may be
 * what failed to start.
 */
export function showStartupError(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.style.cssText =
    'margin:40px auto;max-width:640px;padding:20px;border:1px solid var(--danger);border-radius:10px;' +
    'background:var(--danger-tint);color:var(--danger-text-soft);font-family:system-ui,sans-serif';
  const title = document.createElement('h1');
  title.textContent = 'Application Error';
  title.style.cssText = 'margin:0 0 8px;font-size:1.4rem;color:var(--danger-text)';
  const intro = document.createElement('p');
  intro.textContent = 'Failed to start the React application:';
  const detail = document.createElement('pre');
  detail.textContent = message;
  detail.style.cssText = 'white-space:pre-wrap;margin:0';
  box.append(title, intro, detail);
  (document.getElementById('root') ?? document.body).replaceChildren(box);
}
