import type { ReactNode } from 'react';

export const LOGOUT_PATH = '/api/logout';

/**
 * The spec's logout "by navigation to /api/logout", as the POST it now has to be (a GET there only shows a
 * confirmation page, so no other site can log a visitor out). A plain form: it works before any script runs.
 */
export function LogoutForm({ className, label, children }: { className: string; label?: string; children: ReactNode }) {
  return (
    <form method="post" action={LOGOUT_PATH} style={{ display: 'contents' }}>
      <button type="submit" className={className} aria-label={label} title={label}>
        {children}
      </button>
    </form>
  );
}

/** The same POST from a menu item, which cannot hold a form of its own. */
export function submitLogout(): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = LOGOUT_PATH;
  document.body.append(form);
  form.submit();
}
