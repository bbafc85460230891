import { useState } from 'react';
import { Link } from '@groupflow/shell-kit/router';
import type { PublicCustomerWire as CurrentUser } from '@groupflow/core/contracts';
import { NEXT_STEPS, scrollToTop } from './types.ts';
import UserMenu from './UserMenu.tsx';

/**
 * Where each header link goes (issue 36: the spec's links all scrolled to the top). Pricing is left out: GroupFlow
 * has no public price list to show (docs/decisions.md).
 */
const SECTION_LINKS = [
  { label: 'Roblox Servers', section: 'landing-servers' },
  { label: 'Features', section: 'landing-features' },
  { label: 'Commands', section: 'landing-commands' },
] as const;

/**
 * Top bar of the landing page (spec 1 section 2.2). On a phone the section links fold behind a Menu button
 * (landing.css hides them below 720 px unless open), so the bar stays one line.
 */
export default function LandingHeader({ user }: { user: CurrentUser | null | undefined }) {
  const [navOpen, setNavOpen] = useState(false);
  const close = () => setNavOpen(false);
  return (
    <header className="landing-header">
      <div className="container landing-header-inner">
        <button type="button" className="landing-brand" onClick={scrollToTop} title="Back to top">
          <span className="landing-brand-mark" aria-hidden="true">
            G
          </span>
          <span>GroupFlow</span>
        </button>
        <button
          type="button"
          className="btn btn-ghost landing-nav-toggle"
          aria-expanded={navOpen}
          aria-controls="landing-nav"
          onClick={() => setNavOpen((open) => !open)}
        >
          Menu
        </button>
        <nav id="landing-nav" aria-label="Main" className={`landing-nav${navOpen ? ' landing-nav-open' : ''}`}>
          {SECTION_LINKS.map((link) => (
            <a key={link.section} href={`#${link.section}`} className="landing-nav-link" onClick={close}>
              {link.label}
            </a>
          ))}
          <Link to="/support" className="landing-nav-link" onClick={close}>
            Support
          </Link>
        </nav>
        <div className="row landing-header-actions">
          {user ? (
            <UserMenu user={user} />
          ) : (
            <>
              <a href="/auth/discord" className="btn btn-primary">
                Login with Discord
              </a>
              <a href="/auth/roblox" className="btn btn-outline">
                Login with Roblox
              </a>
            </>
          )}
          <Link to="/staff-login" className="btn btn-ghost">
            Staff Login
          </Link>
        </div>
      </div>
      {user && (
        <nav className="container landing-next" aria-label="Continue">
          <span className="muted">Signed in as {user.username}. Continue to</span>
          {NEXT_STEPS.map((step) => (
            <Link key={step.to} to={step.to} className="btn btn-outline">
              {step.label}
            </Link>
          ))}
        </nav>
      )}
    </header>
  );
}
