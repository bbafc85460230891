import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useCurrentUser, useLoginErrorToast, useLogout } from '../../shared/session.ts';
import { Tabs } from '../../shared/Tabs.tsx';
import UserAvatar from '../landing/UserAvatar.tsx';
import type { CurrentUser } from '../landing/types.ts';
import { ACTIVITY_COLORS, BOT_STATUS_CLASS, RECENT_ACTIVITY } from './sampleData.ts';
import type { Bot, Server } from './types.ts';
import '../customer.css';
import { Icon } from '../../shared/icons.tsx';

const TABS = [
  { key: 'overview', label: 'Overview' },
  { key: 'bots', label: 'Bots' },
  { key: 'servers', label: 'Servers' },
  { key: 'verification', label: 'Verification' },
  { key: 'settings', label: 'Settings' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

function Skeletons() {
  return (
    <div className="grid-3" aria-busy="true" aria-label="Loading">
      {[0, 1, 2].map((index) => (
        <div key={index} className="card cd-skeleton" />
      ))}
    </div>
  );
}

function Overview({ user, bots, servers }: { user: CurrentUser; bots: Bot[]; servers: Server[] }) {
  const online = bots.filter((bot) => bot.status === 'online').length;
  const connected = servers.filter((server) => server.botConnected).length;
  const members = servers.reduce((sum, server) => sum + server.memberCount, 0);
  return (
    <div className="stack">
      <h2>Welcome back, {user.username}!</h2>
      <div className="grid-3">
        <div className="card">
          <div className="muted small">Online Bots</div>
          <div className="cd-figure">
            {online}/{bots.length}
          </div>
        </div>
        <div className="card">
          <div className="muted small">Connected Servers</div>
          <div className="cd-figure">{connected}</div>
        </div>
        <div className="card">
          <div className="muted small">Total Members</div>
          <div className="cd-figure">{members.toLocaleString('en-US')}</div>
        </div>
      </div>
      <div className="card">
        <h3 className="card-title">Recent Activity</h3>
        <ul className="cd-activity">
          {RECENT_ACTIVITY.map((item) => (
            <li key={item.id}>
              <span className="cd-dot" style={{ background: ACTIVITY_COLORS[item.type] }} aria-hidden="true" />
              <span>{item.message}</span>
              <span className="muted small cd-push">{item.time}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function BotsTab({ bots, loading }: { bots: Bot[]; loading: boolean }) {
  return (
    <div className="stack">
      <div className="spread">
        <h2>Your Bots</h2>
        <button type="button" className="btn btn-primary">
          Add Bot
        </button>
      </div>
      {loading ? (
        <Skeletons />
      ) : bots.length === 0 ? (
        <div className="card center stack">
          <h3>No bots yet</h3>
          <div>
            <button type="button" className="btn btn-primary">
              Create Your First Bot
            </button>
          </div>
        </div>
      ) : (
        <div className="grid-3">
          {bots.map((bot) => (
            <div key={bot.id} className="card stack">
              <div className="spread">
                <strong>{bot.name}</strong>
                <span className={`badge ${BOT_STATUS_CLASS[bot.status]}`}>{bot.status}</span>
              </div>
              <div className="muted small">Created {new Date(bot.createdAt).toLocaleDateString('en-US')}</div>
              <div className="row">
                <button type="button" className="btn btn-outline">
                  Settings
                </button>
                <button type="button" className="btn btn-ghost" aria-label={`More actions for ${bot.name}`}>
                  <Icon name="more" />
                </button>
              </div>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

function ServersTab({ servers, loading }: { servers: Server[]; loading: boolean }) {
  return (
    <div className="stack">
      <div className="spread">
        <h2>Your Servers</h2>
        <Link to="/add-to-server" className="btn btn-primary">
          Add to Server
        </Link>
      </div>
      {loading ? (
        <Skeletons />
      ) : servers.length === 0 ? (
        <div className="card center">
          <h3>No servers connected</h3>
        </div>
      ) : (
        <div className="grid-3">
          {servers.map((server) => (
            <div key={server.id} className="card stack">
              <div className="row">
                {server.icon ? (
                  <img src={server.icon} alt="" width={40} height={40} className="cd-server-icon" />
                ) : (
                  <span className="cd-server-icon cd-server-placeholder" aria-hidden="true">
                    {server.name.charAt(0).toUpperCase()}
                  </span>
                )}
                <div>
                  <strong>{server.name}</strong>
                  <div className="muted small">{server.memberCount.toLocaleString('en-US')} members</div>
                </div>
              </div>
              <div className="spread">
                <span className={`badge ${server.botConnected ? 'cd-badge-green' : 'cd-badge-red'}`}>
                  {server.botConnected ? 'Connected' : 'Not Connected'}
                </span>
                <button type="button" className="btn btn-outline">
                  Manage
                </button>
              </div>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

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
  const [tab, setTab] = useState<TabKey>('overview');
  // Spec 1 section 7: no retry on 401 (a 401 is null here), up to 2 retries otherwise.
  const userQuery = useCurrentUser(2);
  const user = userQuery.data;
  const bots = useQuery<Bot[]>({ queryKey: ['/api/bots'], enabled: Boolean(user) });
  const servers = useQuery<Server[]>({ queryKey: ['/api/servers'], enabled: Boolean(user) });

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
        <Tabs tabs={TABS} active={tab} onChange={setTab} label="Dashboard sections">
          {tab === 'overview' && <Overview user={user} bots={botList} servers={serverList} />}
          {tab === 'bots' && <BotsTab bots={botList} loading={bots.isLoading} />}
          {tab === 'servers' && <ServersTab servers={serverList} loading={servers.isLoading} />}
          {tab === 'verification' && (
            <div className="card">
              <h2>Verification</h2>
              <p className="muted">Verification settings will appear here.</p>
            </div>
          )}
          {tab === 'settings' && (
            <div className="card">
              <h2>Settings</h2>
              <p className="muted">Account settings will appear here.</p>
            </div>
          )}
        </Tabs>
      </main>
    </div>
  );
}
