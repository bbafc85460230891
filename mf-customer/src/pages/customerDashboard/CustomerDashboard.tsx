import { useEffect, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from '@groupflow/shell-kit/router';
import { apiClient, openDiagnostics, queryKeys, UserAvatar } from '@groupflow/shell-kit';
import { API } from '@groupflow/core/contracts';
import { useCurrentUser, useLoginErrorToast, useLogout } from '../../shared/session.ts';
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
  const logout = useLogout();
  // Spec 1 section 7: no retry on 401 (a 401 is null here), up to 2 retries otherwise.
  const userQuery = useCurrentUser(2);
  const user = userQuery.data;
  const bots = useQuery({
    queryKey: queryKeys.customer.bots(),
    queryFn: () => apiClient.call(API.customer.listBots),
    enabled: Boolean(user),
  });
  const servers = useQuery({
    queryKey: queryKeys.customer.servers(),
    queryFn: () => apiClient.call(API.customer.listServers),
    enabled: Boolean(user),
  });

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

  const botList = bots.data ?? [];
  const serverList = servers.data ?? [];
  return (
    <div className="cd-page">
      <header className="cd-nav">
        <div className="container spread">
          <Link to="/" className="cd-brand">
            GroupFlow
          </Link>
          <div className="row">
            <UserAvatar user={user} size={32} />
            <span>{user.username}</span>
            <button type="button" className="btn btn-outline" onClick={() => void logout()}>
              Logout
            </button>
          </div>
        </div>
      </header>
      <main className="container cd-main">
        <DashboardTabs
          user={user}
          bots={botList}
          servers={serverList}
          botsLoading={bots.isLoading}
          serversLoading={servers.isLoading}
          botsFailed={bots.isError}
          serversFailed={servers.isError}
          verification={
            <div className="card">
              <h2>Verification</h2>
              <p className="muted">Verification settings will appear here.</p>
            </div>
          }
          settings={
            <div className="card">
              <h2>Settings</h2>
              <p className="muted">Account settings will appear here.</p>
            </div>
          }
        />
      </main>
    </div>
  );
}
