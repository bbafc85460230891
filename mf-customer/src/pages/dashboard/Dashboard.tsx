import { useEffect, useState } from 'react';
import { useLocation } from '@groupflow/shell-kit/router';
import { useCurrentUser } from '../../shared/session.ts';
import { DEMO_USER } from './sampleData.ts';
import { ServersView, SubscriptionsView, VerificationsView } from './views.tsx';
import '../customer.css';
import { Icon } from '../../shared/icons.tsx';
import { SidebarFrame } from '../../shared/SidebarFrame.tsx';
import { UserAvatar, LogoutForm } from '@groupflow/shell-kit';

type Section = 'verifications' | 'servers' | 'subscriptions' | 'settings';

const GROUPS: { title: string; items: { key: Section; label: string }[] }[] = [
  {
    title: 'GENERAL',
    items: [
      { key: 'verifications', label: 'Verifications' },
      { key: 'servers', label: 'Manage Servers' },
    ],
  },
  {
    title: 'ACCOUNT',
    items: [
      { key: 'subscriptions', label: 'Subscriptions' },
      { key: 'settings', label: 'Settings' },
    ],
  },
];

/** The main dashboard (/dashboard, /dashboard-safe, /dashboard-original; spec 1 section 2.3). */
export default function Dashboard() {
  const location = useLocation();
  const userQuery = useCurrentUser();
  const [section, setSection] = useState<Section>('verifications');
  const [menuOpen, setMenuOpen] = useState(false);
  const demo = userQuery.isError || userQuery.data === null;
  const alreadyDemo = location.search.includes('demo=true');

  useEffect(() => {
    if (demo && !alreadyDemo) window.location.href = '/?demo=true';
  }, [demo, alreadyDemo]);

  if (userQuery.isLoading) {
    return (
      <main className="page cd-center" role="status">
        <p className="muted">Loading your dashboard...</p>
      </main>
    );
  }
  const user = userQuery.data ?? DEMO_USER;
  const choose = (key: Section) => {
    setSection(key);
    setMenuOpen(false);
  };

  return (
    <SidebarFrame
      open={menuOpen}
      setOpen={setMenuOpen}
      label="Dashboard navigation"
      nav={GROUPS.map((group) => (
        <div key={group.title}>
          <div className="sb-group-title">{group.title}</div>
          {group.items.map((item) => (
            <button
              key={item.key}
              type="button"
              className={`sb-item${section === item.key ? ' sb-item-active' : ''}`}
              aria-current={section === item.key ? 'page' : undefined}
              onClick={() => choose(item.key)}
            >
              {item.label}
            </button>
          ))}
        </div>
      ))}
      footer={
        <>
          <UserAvatar user={user} size={36} />
          <div className="sb-footer-text">
            <div>{user.username}</div>
            <div className="muted small">{user.email}</div>
          </div>
          <LogoutForm className="btn btn-ghost" label="Log out">
            <Icon name="logout" />
          </LogoutForm>
        </>
      }
      topbar={
        <>
          {demo && <span className="badge sb-demo">Demo Mode</span>}
          <div className="row" style={{ marginLeft: 'auto' }}>
            <button type="button" className="btn btn-ghost" aria-label="Notifications">
              <Icon name="bell" />
            </button>
            <button type="button" className="btn btn-ghost" aria-label="Settings">
              <Icon name="gear" />
            </button>
          </div>
        </>
      }
    >
      {section === 'servers' ? (
        <ServersView />
      ) : section === 'subscriptions' ? (
        <SubscriptionsView />
      ) : (
        <VerificationsView />
      )}
    </SidebarFrame>
  );
}
