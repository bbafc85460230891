import { Link } from '@groupflow/shell-kit/router';
import type { PublicCustomerWire as CurrentUser } from '@groupflow/core/contracts';
import { scrollToTop } from './types.ts';
import UserMenu from './UserMenu.tsx';

const NAV_LINKS = ['Roblox Servers', 'Features', 'Commands', 'Pricing', 'Support'] as const;

/** Top bar of the landing page (spec 1 section 2.2). */
export default function LandingHeader({ user }: { user: CurrentUser | null | undefined }) {
  return (
    <header className="landing-header">
      <div className="container landing-header-inner">
        <button type="button" className="landing-brand" onClick={scrollToTop} aria-label="GroupFlow, back to top">
          <span className="landing-brand-mark" aria-hidden="true">
            G
          </span>
          <span>GroupFlow</span>
        </button>
        <nav aria-label="Main" className="landing-nav">
          {NAV_LINKS.map((label) => (
            <button key={label} type="button" className="landing-nav-link" onClick={scrollToTop}>
              {label}
            </button>
          ))}
        </nav>
        <div className="row landing-header-actions">
          {user ? (
            <UserMenu user={user} />
          ) : (
            <a href="/auth/roblox" className="btn btn-primary">
              Login with Roblox
            </a>
          )}
          <Link to="/staff-login" className="btn btn-outline">
            Staff Login
          </Link>
        </div>
      </div>
    </header>
  );
}
