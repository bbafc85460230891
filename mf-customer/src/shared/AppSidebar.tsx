import { useState, type ReactNode } from 'react';
import { Link, useLocation } from '@groupflow/shell-kit/router';
import type { PublicCustomerWire as CurrentUser } from '@groupflow/core/contracts';
import { Icon } from './icons.tsx';
import { DASHBOARD_TITLE } from './pageTitles.ts';
import { SidebarLayout } from './SidebarLayout.tsx';
import { useCurrentUser, useLogout } from './session.ts';
import { useListUserServers } from '../pages/servers/serverQueries.ts';
import { LoadingState, UserAvatar, type LazyScreen } from '@groupflow/shell-kit';
import '../pages/customer.css';

/**
 * Spec 1 section 2.5's categories, with every customer page a signed-in owner needs reachable from one menu: the
 * game groups page (not /roblox-login, the Roblox sign-in), the group workspace and Support join the spec's items.
 * `also` lists the other paths that highlight an item.
 */
const CATEGORIES: {
  title: string;
  /** The category's pages need Discord: a Roblox-only account is offered "Connect Discord" instead (issue 36). */
  needsDiscord?: true;
  items: { to: string; label: string; countsServers?: true; needsDiscord?: true; also?: string[] }[];
}[] = [
  {
    title: 'DASHBOARD',
    items: [
      // Issue 36: Overview is where sign-in lands; the other dashboard is named for what it shows.
      { to: '/customer-dashboard', label: 'Overview', also: ['/auth-success'] },
      { to: '/dashboard', label: DASHBOARD_TITLE, also: ['/dashboard-safe', '/dashboard-original'] },
      { to: '/servers', label: 'My Servers', countsServers: true, needsDiscord: true },
    ],
  },
  {
    title: 'DISCORD BOT',
    needsDiscord: true,
    items: [
      { to: '/add-to-server', label: 'Add to Server' },
      { to: '/verification', label: 'User Verification', also: ['/verify'] },
    ],
  },
  {
    title: 'ROBLOX MANAGEMENT',
    items: [
      { to: '/group-management', label: 'Roblox Groups', also: ['/roblox-login', '/add-group'] },
      { to: '/group-workspace', label: 'Group Workspace', also: ['/workspace'] },
    ],
  },
  {
    title: 'TOOLS',
    items: [
      { to: '/settings', label: 'Settings' },
      { to: '/support', label: 'Support' },
    ],
  },
];

/** The shared sidebar of logged-in pages (spec 1 section 2.5), with the page beside it. */
export function AppLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const { pathname } = useLocation();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  // The badge counts the servers with the bot that the customer manages (the list My Servers shows).
  const servers = useListUserServers();
  const serverCount = servers.data?.length ?? 0;
  return (
    <SidebarLayout
      open={open}
      setOpen={setOpen}
      label="Main navigation"
      nav={CATEGORIES.map((category) => (
        <div key={category.title}>
          <div className="sb-group-title">{category.title}</div>
          {category.needsDiscord && !user.discordId && (
            <a className="sb-item" href="/auth/discord">
              <span>Connect Discord</span>
            </a>
          )}
          {category.items
            .filter((item) => user.discordId || !(item.needsDiscord || category.needsDiscord))
            .map((item) => {
              const active = pathname === item.to || Boolean(item.also?.includes(pathname));
              return (
                <Link
                  key={item.to}
                  to={item.to}
                  className={`sb-item${active ? ' sb-item-active' : ''}`}
                  aria-current={active ? 'page' : undefined}
                  onClick={() => setOpen(false)}
                >
                  <span>{item.label}</span>
                  {item.countsServers && serverCount > 0 && (
                    <span className="sb-count" aria-label={`${serverCount} servers`}>
                      {serverCount}
                    </span>
                  )}
                </Link>
              );
            })}
        </div>
      ))}
      footer={
        <>
          <UserAvatar user={user} size={36} />
          <div className="sb-footer-text">
            <div>{user.username}</div>
            <div className="muted small">#{user.id}</div>
          </div>
          <button
            type="button"
            className="btn btn-ghost"
            aria-label="Log out"
            title="Log out"
            onClick={() => void logout()}
          >
            <Icon name="logout" />
          </button>
        </>
      }
    >
      {children}
    </SidebarLayout>
  );
}

/**
 * The app layout for pages a visitor may also open signed out (Add to Server, Support, the Roblox pages): with a
 * customer signed in the page sits in the sidebar layout, otherwise it stands alone as before.
 */
export function AppLayoutIfSignedIn({ children }: { children: ReactNode }) {
  const userQuery = useCurrentUser();
  if (userQuery.isLoading) return <LoadingState label="Loading..." />;
  return userQuery.data ? <AppLayout user={userQuery.data}>{children}</AppLayout> : <>{children}</>;
}

/** A route's screen drawn in AppLayoutIfSignedIn, its code still loaded with the route (and by preload). */
export function withAppLayoutIfSignedIn(Screen: LazyScreen): LazyScreen {
  const InLayout = () => (
    <AppLayoutIfSignedIn>
      <Screen />
    </AppLayoutIfSignedIn>
  );
  InLayout.preload = Screen.preload;
  return InLayout;
}
