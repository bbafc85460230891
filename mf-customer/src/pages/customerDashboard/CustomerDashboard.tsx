import { useEffect, type ReactNode } from 'react';

import { Link, useNavigate, useSearchParams } from '@groupflow/shell-kit/router';
import { openDiagnostics, useEndpointQuery } from '@groupflow/shell-kit';
import { API } from '@groupflow/core/contracts';
import { useCurrentUser, useLoginErrorToast } from '../../shared/session.ts';
import { AppLayout } from '../../shared/AppSidebar.tsx';
import { DASHBOARD_TITLE } from '../../shared/pageTitles.ts';
import { DashboardTabs } from './tabs.tsx';
import '../customer.css';

function StateCard({ children }: { children: ReactNode }) {
  return (
    <main className="page cd-center">
      <div className="card cd-status-card stack center">{children}</div>
    </main>
  );
}

/** The customer dashboard with five tabs (spec 1 section 2.4). */
export default function CustomerDashboard() {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  // Spec 1 section 7: no retry on 401 (a 401 is null here), up to 2 retries otherwise.
  const userQuery = useCurrentUser(2);
  const user = userQuery.data;
  const bots = useEndpointQuery(API.customer.listBots, undefined, { enabled: Boolean(user) });
  const servers = useEndpointQuery(API.customer.listServers, undefined, { enabled: Boolean(user) });

  useLoginErrorToast();
  const authSuccess = searchParams.get('auth') === 'success';
  const { refetch } = userQuery;
  useEffect(() => {
    if (!authSuccess) return;
    setSearchParams(
      (params) => {
        params.delete('auth');
        return params;
      },
      { replace: true },
    );
    void refetch();
  }, [authSuccess, setSearchParams, refetch]);

  // Spec 1 section 2.4: a failure other than 401 analyses the connection in the diagnostics modal; so does ?error=.
  const failed = userQuery.isError;
  const loginError = searchParams.get('error');
  useEffect(() => {
    if (failed || loginError) openDiagnostics();
  }, [failed, loginError]);

  if (userQuery.isLoading) {
    return (
      <StateCard>
        <div className="spinner cd-spinner" aria-hidden="true" />
        <h1 className="card-title">Loading dashboard...</h1>
        <p className="muted">Verifying authentication</p>
      </StateCard>
    );
  }
  if (userQuery.isError) {
    return (
      <StateCard>
        <div className="spinner cd-spinner" aria-hidden="true" />
        <p className="muted">Analyzing connection issues...</p>
      </StateCard>
    );
  }
  if (user === null) {
    return (
      <StateCard>
        <h1 className="card-title">Authentication Required</h1>
        <p className="muted">Please log in with Discord to view your dashboard.</p>
        <div className="row cd-justify-center">
          <a href="/auth/discord" className="btn btn-primary">
            Login with Discord
          </a>
          <button type="button" className="btn btn-outline" onClick={() => navigate('/')}>
            Go Back Home
          </button>
        </div>
      </StateCard>
    );
  }
  if (!user) {
    return (
      <StateCard>
        <p className="muted">No user data available</p>
      </StateCard>
    );
  }

  return (
    <AppLayout user={user}>
      <div className="stack">
        <div className="spread">
          <h1>Customer Dashboard</h1>
          <Link to="/dashboard">{DASHBOARD_TITLE} →</Link>
        </div>
        <DashboardTabs
          user={user}
          bots={bots}
          servers={servers}
          verification={
            <PageLink
              title="Verification"
              text="See who in your servers has verified their Roblox account, and verify members."
              to="/verification"
              label="Open User Verification"
            />
          }
          settings={
            <PageLink
              title="Settings"
              text="Your profile, notification preferences and bot settings."
              to="/settings"
              label="Open Settings"
            />
          }
        />
      </div>
    </AppLayout>
  );
}

/** A tab whose content is a page of its own: it says what is there and links to it. */
function PageLink({ title, text, to, label }: { title: string; text: string; to: string; label: string }) {
  return (
    <div className="card stack">
      <h2>{title}</h2>
      <p className="muted">{text}</p>
      <div>
        <Link to={to} className="btn btn-primary">
          {label}
        </Link>
      </div>
    </div>
  );
}
