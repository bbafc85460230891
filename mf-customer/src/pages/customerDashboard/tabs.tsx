import { useState, type ReactNode } from 'react';
import { Card, QueryView, SampleLabel, Skeleton, type QueryLike } from '@groupflow/shell-kit';
import { Link } from '@groupflow/shell-kit/router';
import { TabPanel, Tabs } from '@groupflow/shell-kit/tabs';
import { Icon } from '../../shared/icons.tsx';
import type { PublicCustomerWire as CurrentUser } from '@groupflow/core/contracts';
import { ACTIVITY_COLORS, BOT_STATUS_CLASS, RECENT_ACTIVITY } from './sampleData.ts';
import type { CustomerBotWire as Bot, CustomerServerWire as Server } from '@groupflow/core/contracts';

/** The five tabs of the customer dashboard, shared by the live dashboard and /dashboard-preview. */
const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'bots', label: 'Bots' },
  { value: 'servers', label: 'Servers' },
  { value: 'verification', label: 'Verification' },
  { value: 'settings', label: 'Settings' },
] as const;
type TabKey = (typeof TABS)[number]['value'];

function Skeletons() {
  return (
    <div className="grid-3" role="status" aria-busy="true" aria-label="Loading">
      {[0, 1, 2].map((index) => (
        <Card key={index} className="stack">
          <Skeleton width="50%" />
          <Skeleton width="30%" height="2em" />
          <Skeleton width="70%" />
        </Card>
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
        {/* Spec 1 section 2.4's fixed lines: GroupFlow keeps no per-customer activity feed yet. */}
        <h3 className="card-title row">
          Recent Activity <SampleLabel />
        </h3>
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

/** A bot comes from inviting GroupFlow's bot to a server, so "Add Bot" leads to the invitation page. */
function BotsTab({ bots }: { bots: QueryLike<Bot[]> }) {
  return (
    <div className="stack">
      <div className="spread">
        <h2>Your Bots</h2>
        <Link to="/add-to-server" className="btn btn-primary">
          Add Bot
        </Link>
      </div>
      <QueryView
        query={bots}
        loading={<Skeletons />}
        error="Could not load your bots."
        isEmpty={(list) => list.length === 0}
        empty={
          <div className="card center stack">
            <h3>No bots yet</h3>
            <div>
              <Link to="/add-to-server" className="btn btn-primary">
                Create Your First Bot
              </Link>
            </div>
          </div>
        }
      >
        {(list) => (
          <div className="grid-3">
            {list.map((bot) => (
              <div key={bot.id} className="card stack">
                <div className="spread">
                  <strong>{bot.name}</strong>
                  <span className={`badge ${BOT_STATUS_CLASS[bot.status]}`}>{bot.status}</span>
                </div>
                {bot.serverName && <div className="small">{bot.serverName}</div>}
                <div className="muted small">Created {new Date(bot.createdAt).toLocaleDateString('en-US')}</div>
                <div className="row">
                  <Link to="/servers" className="btn btn-outline">
                    Settings
                  </Link>
                  <button type="button" className="btn btn-ghost" aria-label={`More actions for ${bot.name}`}>
                    <Icon name="more" />
                  </button>
                </div>
              </div>
            ))}
          </div>
        )}
      </QueryView>
    </div>
  );
}

function ServersTab({ servers }: { servers: QueryLike<Server[]> }) {
  return (
    <div className="stack">
      <div className="spread">
        <h2>Your Servers</h2>
        <Link to="/add-to-server" className="btn btn-primary">
          Add to Server
        </Link>
      </div>
      <QueryView
        query={servers}
        loading={<Skeletons />}
        error="Could not load your servers."
        isEmpty={(list) => list.length === 0}
        empty={
          <div className="card center">
            <h3>No servers connected</h3>
          </div>
        }
      >
        {(list) => (
          <div className="grid-3">
            {list.map((server) => (
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
                  <Link to={server.botConnected ? '/servers' : '/add-to-server'} className="btn btn-outline">
                    Manage
                  </Link>
                </div>
              </div>
            ))}
          </div>
        )}
      </QueryView>
    </div>
  );
}

/** The tab strip and panels; Verification and Settings differ between the live dashboard and the preview. */
export function DashboardTabs(props: {
  user: CurrentUser;
  bots: QueryLike<Bot[]>;
  servers: QueryLike<Server[]>;
  verification: ReactNode;
  settings: ReactNode;
}) {
  const [tab, setTab] = useState<TabKey>('overview');
  return (
    <Tabs tabs={TABS} value={tab} onValueChange={setTab} label="Dashboard sections">
      <TabPanel value="overview">
        <Overview user={props.user} bots={props.bots.data ?? []} servers={props.servers.data ?? []} />
      </TabPanel>
      <TabPanel value="bots">
        <BotsTab bots={props.bots} />
      </TabPanel>
      <TabPanel value="servers">
        <ServersTab servers={props.servers} />
      </TabPanel>
      <TabPanel value="verification">{props.verification}</TabPanel>
      <TabPanel value="settings">{props.settings}</TabPanel>
    </Tabs>
  );
}
