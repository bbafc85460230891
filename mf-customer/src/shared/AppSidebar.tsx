import { useState, type ReactNode } from 'react';
import { Link, useLocation } from '@groupflow/shell-kit/router';
import type { PublicCustomerWire as CurrentUser } from '@groupflow/core/contracts';
import { Icon } from './icons.tsx';
import { SidebarFrame } from './SidebarFrame.tsx';
import { useLogout } from './session.ts';
import { useUserServers } from '../pages/servers/discordQueries.ts';
import { UserAvatar } from '@groupflow/shell-kit';
import '../pages/customer.css';

const CATEGORIES = [
  {
    title: 'DASHBOARD',
    items: [
      { to: '/dashboard', label: 'Overview' },
      { to: '/servers', label: 'My Servers', countsServers: true },
    ],
  },
  {
    title: 'DISCORD BOT',
    items: [
      { to: '/add-to-server', label: 'Add to Server' },
      { to: '/verification', label: 'User Verification' },
    ],
  },
  { title: 'ROBLOX MANAGEMENT', items: [{ to: '/roblox-login', label: 'Roblox Groups' }] },
  { title: 'TOOLS', items: [{ to: '/settings', label: 'Settings' }] },
] as const;

/** The shared sidebar of logged-in pages (spec 1 section 2.5), with the page beside it. */
export function AppLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const { pathname } = useLocation();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  // The badge counts the servers with the bot that the customer manages (the list My Servers shows).
  const servers = useUserServers(true);
  const serverCount = servers.data?.length ?? 0;
  return (
    <SidebarFrame
      open={open}
      setOpen={setOpen}
      label="Main navigation"
      nav={CATEGORIES.map((category) => (
        <div key={category.title}>
          <div className="sb-group-title">{category.title}</div>
          {category.items.map((item) => (
            <Link
              key={item.to}
              to={item.to}
              className={`sb-item${pathname === item.to ? ' sb-item-active' : ''}`}
              aria-current={pathname === item.to ? 'page' : undefined}
              onClick={() => setOpen(false)}
            >
              <span>{item.label}</span>
              {'countsServers' in item && serverCount > 0 && (
                <span className="sb-count" aria-label={`${serverCount} servers`}>
                  {serverCount}
                </span>
              )}
            </Link>
          ))}
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
    </SidebarFrame>
  );
}
