import { useNavigate } from '@groupflow/shell-kit/router';
import { Switch } from '@groupflow/shell-kit/switch';
import type { QueryLike } from '@groupflow/shell-kit';
import { DashboardTabs } from './tabs.tsx';
import type {
  CustomerBotWire as Bot,
  CustomerServerWire as Server,
  PublicCustomerWire as CurrentUser,
} from '@groupflow/core/contracts';
import '../customer.css';

/** Hard-coded data of /dashboard-preview (spec 1 section 2.4); nothing here is fetched. */
const PREVIEW_USER: CurrentUser = {
  id: 1,
  username: 'DemoUser',
  discriminator: '1234',
  email: 'demo@groupflow.app',
  avatar: null,
  discordId: null,
  robloxId: null,
  robloxUsername: null,
  isVerified: false,
  createdAt: '2025-07-01T00:00:00.000Z',
};
const PREVIEW_BOTS: Bot[] = [
  {
    id: '1',
    name: 'GroupFlow Bot',
    status: 'online',
    isOnline: true,
    serverId: null,
    serverName: null,
    createdAt: '2025-07-01T00:00:00.000Z',
  },
  {
    id: '2',
    name: 'Moderation Helper',
    status: 'maintenance',
    isOnline: false,
    serverId: null,
    serverName: null,
    createdAt: '2025-07-05T00:00:00.000Z',
  },
  {
    id: '3',
    name: 'Verification Bot',
    status: 'offline',
    isOnline: false,
    serverId: null,
    serverName: null,
    createdAt: '2025-07-10T00:00:00.000Z',
  },
];
const PREVIEW_SERVERS: Server[] = [
  { id: '1', name: 'Gaming Community', icon: null, memberCount: 1247, botConnected: true },
  { id: '2', name: 'Roblox Builders', icon: null, memberCount: 856, botConnected: true },
  { id: '3', name: 'Study Group', icon: null, memberCount: 42, botConnected: false },
];

/** Sample data in the shape of an answered call, so the preview's tabs show it as the live ones show theirs. */
const answered = <T,>(data: T): QueryLike<T> => ({
  isPending: false,
  isError: false,
  error: null,
  data,
  refetch: () => undefined,
});

function ActionCard({ title, rows, action }: { title: string; rows: [string, string][]; action: string }) {
  return (
    <div className="card stack">
      <h3 className="card-title">{title}</h3>
      {rows.map(([label, value]) => (
        <div key={label} className="spread">
          <span className="muted">{label}</span>
          <strong>{value}</strong>
        </div>
      ))}
      <div>
        <button type="button" className="btn btn-outline">
          {action}
        </button>
      </div>
    </div>
  );
}

/** The customer dashboard with sample data and a Preview Mode banner. */
export default function DashboardPreview() {
  const navigate = useNavigate();
  return (
    <div className="cd-page">
      <div className="pv-banner" role="note">
        <strong>Preview Mode</strong>
        <span>This is a demo of the customer dashboard with sample data</span>
      </div>
      <header className="cd-nav">
        <div className="container spread">
          <span className="cd-brand">GroupFlow</span>
          <div className="row">
            <button type="button" className="btn btn-outline" onClick={() => navigate('/')}>
              Back to Home
            </button>
            <button type="button" className="btn btn-primary" onClick={() => navigate('/')}>
              Exit Preview
            </button>
          </div>
        </div>
      </header>
      <main className="container cd-main">
        <h1>Dashboard Preview</h1>
        <DashboardTabs
          user={PREVIEW_USER}
          bots={answered(PREVIEW_BOTS)}
          servers={answered(PREVIEW_SERVERS)}
          verification={
            <div className="grid-2">
              <ActionCard
                title="Roblox Verification"
                rows={[
                  ['Active Verifications', '1,234'],
                  ['Pending Reviews', '12'],
                ]}
                action="Configure Settings"
              />
              <ActionCard
                title="Role Management"
                rows={[
                  ['Auto-assigned Roles', '8'],
                  ['Custom Rules', '3'],
                ]}
                action="Manage Roles"
              />
            </div>
          }
          settings={
            <div className="grid-2">
              <div className="card stack">
                <h3 className="card-title">Profile Information</h3>
                <div className="spread">
                  <span className="muted">Username</span>
                  <strong>
                    {PREVIEW_USER.username}#{PREVIEW_USER.discriminator}
                  </strong>
                </div>
                <div className="spread">
                  <span className="muted">Email</span>
                  <strong>{PREVIEW_USER.email}</strong>
                </div>
                <div>
                  <button type="button" className="btn btn-outline">
                    Update Profile
                  </button>
                </div>
              </div>
              <div className="card stack">
                <h3 className="card-title">Preferences</h3>
                <Switch label="Email notifications" defaultChecked />
                <Switch label="Discord notifications" defaultChecked />
                <Switch label="Two-factor authentication" defaultChecked={false} />
                <div>
                  <button type="button" className="btn btn-outline">
                    Security Settings
                  </button>
                </div>
              </div>
            </div>
          }
        />
      </main>
    </div>
  );
}
