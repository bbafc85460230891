import { useEffect, useRef, type ReactNode } from 'react';
import { Icon } from './icons.tsx';

interface SidebarLayoutProps {
  open: boolean;
  setOpen(open: boolean): void;
  /** Accessible name of the sidebar. */
  label: string;
  nav: ReactNode;
  footer: ReactNode;
  /** Shown in the top bar after the menu button; without it the bar exists only on narrow screens. */
  topbar?: ReactNode;
  children: ReactNode;
}

/**
 * The sidebar layout of the logged-in pages: fixed on wide screens, a slide-over with an overlay on narrow ones.
 * Pages supply what differs (navigation, footer, top bar); the layout owns the open/close mechanics.
 */
export function SidebarLayout({ open, setOpen, label, nav, footer, topbar, children }: SidebarLayoutProps) {
  const closeButton = useRef<HTMLButtonElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // The drawer takes focus when it opens and hands it back to the menu button when it closes (issue 36).
  useEffect(() => {
    if (open) closeButton.current?.focus();
    else if (wasOpen.current) menuButton.current?.focus();
    wasOpen.current = open;
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, setOpen]);

  return (
    <div className="sb-layout">
      <button
        type="button"
        className={`sb-overlay${open ? ' sb-open' : ''}`}
        aria-label="Close menu"
        tabIndex={-1}
        onClick={() => setOpen(false)}
      />
      <aside className={`sb-sidebar${open ? ' sb-open' : ''}`} aria-label={label}>
        <div className="sb-brand">
          <span>GroupFlow</span>
          <button
            type="button"
            ref={closeButton}
            className="btn btn-ghost sb-close"
            aria-label="Close menu"
            onClick={() => setOpen(false)}
          >
            <Icon name="close" />
          </button>
        </div>
        <nav className="sb-nav">{nav}</nav>
        <div className="sb-footer">{footer}</div>
      </aside>
      <div className="sb-content">
        <div className={topbar ? 'sb-topbar' : 'sb-topbar sb-menu-only'}>
          <button
            type="button"
            ref={menuButton}
            className="btn btn-ghost sb-menu-button"
            aria-label="Open menu"
            onClick={() => setOpen(true)}
          >
            <Icon name="menu" />
          </button>
          {topbar}
        </div>
        <main className="sb-main">{children}</main>
      </div>
    </div>
  );
}
