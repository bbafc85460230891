import { useEffect, useState } from 'react';
import { useLocation } from '@groupflow/shell-kit/router';
import { TabPanel, Tabs } from '@groupflow/shell-kit/tabs';
import type { PublicCustomerWire as CurrentUser } from '@groupflow/core/contracts';
import { useCurrentUser } from '../../shared/session.ts';
import { AppLayout } from '../../shared/AppSidebar.tsx';
import { DASHBOARD_TITLE } from '../../shared/pageTitles.ts';
import { ServersView, SubscriptionsView, VerificationsView } from './views.tsx';
import '../customer.css';

const SECTIONS = [
  { value: 'verifications', label: 'Verifications' },
  { value: 'servers', label: 'Manage Servers' },
  { value: 'subscriptions', label: 'Subscriptions' },
] as const;
type Section = (typeof SECTIONS)[number]['value'];

/**
 * The dashboard's sections as tabs of one page: the customer app layout (AppLayout) is the one sidebar of every
 * signed-in page, so the spec's own GENERAL/ACCOUNT sidebar became this strip (its Settings item is the layout's).
 */
function Sections({ user }: { user: CurrentUser | null }) {
  const [section, setSection] = useState<Section>('verifications');
  return (
    <div className="stack">
      <h1>{DASHBOARD_TITLE}</h1>
      <Tabs tabs={SECTIONS} value={section} onValueChange={setSection} label="Dashboard sections">
        <TabPanel value="verifications">
          <VerificationsView user={user} />
        </TabPanel>
        <TabPanel value="servers">
          <ServersView user={user} />
        </TabPanel>
        <TabPanel value="subscriptions">
          <SubscriptionsView />
        </TabPanel>
      </Tabs>
    </div>
  );
}

/** The main dashboard (/dashboard, /dashboard-safe, /dashboard-original; spec 1 section 2.3). */
export default function Dashboard() {
  const location = useLocation();
  const userQuery = useCurrentUser();
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
  if (userQuery.data) {
    return (
      <AppLayout user={userQuery.data}>
        <Sections user={userQuery.data} />
      </AppLayout>
    );
  }
  // Demo Mode: no customer, so every figure is the spec's sample and says so.
  return (
    <main className="page container stack">
      <span className="badge sb-demo">Demo Mode</span>
      <Sections user={null} />
    </main>
  );
}
