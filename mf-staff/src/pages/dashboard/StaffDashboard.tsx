import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@groupflow/shell-kit/router';
import {
  apiClient,
  Badge,
  clearStaffSession,
  type BadgeTone,
  QueryView,
  SampleLabel,
  useEndpointMutation,
  useEndpointQuery,
  useStaffSession,
} from '@groupflow/shell-kit';
import { API, type HrActionType } from '@groupflow/core/contracts';
import type { StatusResponse } from '@groupflow/core/contracts';
import { dashboardAccess, roleName } from '../../staff/staffUser.ts';
import type { StaffUser } from '@groupflow/core/contracts';
import { HR_ACTIONS, HrDialog } from './HrDialog.tsx';
import { ResetStaffPasswordDialog } from '../../components/ResetStaffPasswordDialog.tsx';
import { TwoFactorCard } from '../../components/TwoFactorCard.tsx';
import { RECENT_ACTIVITY_SHOWN, recentActivityLines } from './recentActivity.ts';
import '../staff.css';

const MAINTENANCE_ACTIONS = [
  'All Systems Operational',
  'Investigating Issues',
  'Scheduled Maintenance',
  'Restart All Bots',
];
/** Recent Activity reads the latest 20 activities, again every 5 s. */
const ACTIVITIES_FETCHED = 20;
const ACTIVITY_POLL_MS = 5000;
/** Badge tone of each service state of GET /api/status. */
const SERVICE_TONE: Record<ServiceStatus, BadgeTone> = {
  operational: 'success',
  degraded: 'warning',
  down: 'danger',
  unknown: 'neutral',
};

export default function StaffDashboard() {
  const { user, setUser } = useStaffSession<StaffUser>();
  if (!user) return null;
  return <Dashboard user={user} setUser={setUser} />;
}

function Dashboard({ user, setUser }: { user: StaffUser; setUser: (user: StaffUser) => void }) {
  const navigate = useNavigate();
  const access = dashboardAccess(user.role);
  const [hrAction, setHrAction] = useState<HrActionType | null>(null);

  const logout = async () => {
    try {
      await apiClient.call(API.staff.logoutStaff);
    } catch {
      // Signing out locally must work even when the server cannot be reached or the token is already dead.
    }
    clearStaffSession();
    navigate('/staff-login');
  };

  return (
    <main className="container page staff-page">
      <header className="spread staff-page-header">
        <div>
          <h1>Welcome back, {user.username}</h1>
          <p className="muted">{roleName(user.role)}</p>
        </div>
        <button type="button" className="btn btn-outline" onClick={() => void logout()}>
          Logout
        </button>
      </header>

      <section className="staff-tiles" aria-label="Overview">
        <Tile
          label="Status"
          value={user.clockedIn ? 'Clocked In' : 'Clocked Out'}
          tone={user.clockedIn ? 'on' : 'off'}
        />
        <LiveClockTile />
        <OpenTicketsTile visible={access.supportTickets} />
        {/* Spec 2's fixed figure: GroupFlow measures no staff performance yet, so it says it is a sample. */}
        <Tile label="Performance" value="Excellent" sample />
      </section>

      {access.maintenance && (
        <section className="card staff-section" aria-labelledby="maintenance-title">
          <h2 id="maintenance-title" className="card-title">
            Maintenance Mode Control Center
          </h2>
          <div className="staff-button-grid">
            {MAINTENANCE_ACTIONS.map((label) => (
              <button key={label} type="button" className="btn btn-outline" disabled>
                {label}
              </button>
            ))}
          </div>
          <p className="muted small">These controls are not connected yet: maintenance is run from the servers.</p>
        </section>
      )}

      <div className="staff-dashboard-grid">
        <QuickActions user={user} setUser={setUser} access={access} />
        <RecentActivity />
      </div>

      <TwoFactorCard enabled={user.mfaEnabled} onChange={(mfaEnabled) => setUser({ ...user, mfaEnabled })} />

      {access.hrTools && (
        <section className="card staff-section" aria-labelledby="hr-title">
          <h2 id="hr-title" className="card-title">
            Human Resources Tools
          </h2>
          <div className="staff-button-grid">
            {HR_ACTIONS.map((action) => (
              <button
                key={action.type}
                type="button"
                className={action.type === 'termination' ? 'btn btn-danger' : 'btn btn-outline'}
                onClick={() => setHrAction(action.type)}
              >
                {action.label}
              </button>
            ))}
          </div>
        </section>
      )}

      <SystemStatus />

      {hrAction && <HrDialog type={hrAction} actor={user} onClose={() => setHrAction(null)} />}
    </main>
  );
}

function Tile({ label, value, tone, sample }: { label: string; value: string; tone?: 'on' | 'off'; sample?: boolean }) {
  return (
    <div className="card staff-tile">
      <span className="muted small row">
        {label}
        {sample && <SampleLabel />}
      </span>
      <span className={`staff-tile-value${tone ? ` staff-tile-${tone}` : ''}`}>{value}</span>
    </div>
  );
}

type ServiceStatus = StatusResponse['services'][number]['status'];

/** Tickets not resolved or closed, from the ticket analytics; roles without the ticket pages see no count. */
function OpenTicketsTile({ visible }: { visible: boolean }) {
  // `open` is the backlog of any age: the shortest range is the cheapest read of it.
  const analytics = useEndpointQuery(
    API.support.readTicketAnalytics,
    { query: { range: '24h' } },
    { enabled: visible },
  );
  if (!visible) return null;
  return <Tile label="Open Tickets" value={analytics.data ? String(analytics.data.open) : '…'} />;
}

/** Each service GET /api/status checks, once, with its real state. */
function SystemStatus() {
  const status = useEndpointQuery(API.diagnostics.getSystemStatus);
  return (
    <section className="card staff-section" aria-labelledby="status-title">
      <h2 id="status-title" className="card-title">
        System Status
      </h2>
      <QueryView query={status} loading="Checking services..." error="Could not read the system status.">
        {({ services }) => (
          <ul className="staff-status-list">
            {services.map((service) => (
              <li key={service.name} className="spread">
                <span>{service.name}</span>
                <Badge tone={SERVICE_TONE[service.status]}>{service.status}</Badge>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}

function LiveClockTile() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="card staff-tile">
      <span className="muted small">Current Time</span>
      <time className="staff-tile-value" dateTime={now.toISOString()}>
        {now.toLocaleTimeString()}
      </time>
    </div>
  );
}

function QuickActions({
  user,
  setUser,
  access,
}: {
  user: StaffUser;
  setUser: (user: StaffUser) => void;
  access: ReturnType<typeof dashboardAccess>;
}) {
  const clock = useEndpointMutation(user.clockedIn ? API.staff.clockOut : API.staff.clockIn, {
    onSuccess: setUser,
    failure: () => ({ title: user.clockedIn ? 'Failed to clock out' : 'Failed to clock in', variant: 'destructive' }),
  });
  const [resettingPassword, setResettingPassword] = useState(false);

  return (
    <section className="card" aria-labelledby="quick-title">
      {resettingPassword && <ResetStaffPasswordDialog onClose={() => setResettingPassword(false)} />}
      <h2 id="quick-title" className="card-title">
        Quick Actions
      </h2>
      <div className="staff-quick-actions">
        <button
          type="button"
          className={user.clockedIn ? 'btn btn-danger' : 'btn btn-primary'}
          onClick={() => clock.mutate()}
          disabled={clock.isPending}
          aria-busy={clock.isPending || undefined}
        >
          {clock.isPending ? 'Processing...' : user.clockedIn ? 'Clock Out' : 'Clock In'}
        </button>
        <Link className="btn btn-outline" to="/chain-of-command">
          Chain of Command
        </Link>
        {access.supportTickets && (
          <Link className="btn btn-outline" to="/support-tickets">
            Support Tickets
          </Link>
        )}
        {access.manageUsers && (
          <Link className="btn btn-outline" to="/manage-users">
            Manage Users
          </Link>
        )}
        {access.liveSupportChat && (
          <Link className="btn btn-outline" to="/live-support-chat">
            Live Support Chat
          </Link>
        )}
        <Link className="btn btn-outline" to="/legal-affairs">
          Legal Affairs
        </Link>
        {access.resetStaffPassword && (
          <button type="button" className="btn btn-outline" onClick={() => setResettingPassword(true)}>
            Reset Staff Password
          </button>
        )}
        {access.supportTickets && (
          <Link className="btn btn-outline" to="/support-tickets">
            View Analytics
          </Link>
        )}
      </div>
    </section>
  );
}

function RecentActivity() {
  const activities = useEndpointQuery(
    API.staff.listStaffActivities,
    { query: { limit: ACTIVITIES_FETCHED } },
    { refetchInterval: ACTIVITY_POLL_MS },
  );

  return (
    <section className="card" aria-labelledby="activity-title" aria-live="polite">
      <h2 id="activity-title" className="card-title">
        Recent Activity
      </h2>
      <QueryView query={activities} loading="Loading activity..." error="Failed to fetch activities">
        {(list) => (
          <ul className="staff-activity">
            {recentActivityLines(list, RECENT_ACTIVITY_SHOWN).map((line) => (
              <li key={line.key}>
                <span>{line.description}</span>
                <span className="muted small">{line.time}</span>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}
