import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@groupflow/shell-kit/router';
import { Badge, Button, Card, EmptyState, ErrorState, LoadingState, serverMessage } from '@groupflow/shell-kit';
import { DISCORD_SCREEN_TIMINGS, type UserServer } from '@groupflow/core/contracts';
import { AppLayout } from '../../shared/AppSidebar.tsx';
import { useCurrentUser } from '../../shared/session.ts';
import { BotTokenMissing } from './BotTokenMissing.tsx';
import { ConfigureServerDialog } from './ConfigureServerDialog.tsx';
import { ServerSyncPanel } from './ServerSyncPanel.tsx';
import { useBotStatus, useUserServers } from './discordQueries.ts';
import './servers.css';

const number = (value: number) => value.toLocaleString('en-US');

/** "Live" while the 5 s bot-status poll answers and says the bot is online. */
function LiveIndicator() {
  const status = useBotStatus();
  const live = status.isSuccess && status.data.isOnline;
  return (
    <span className="sv-live" role="status" aria-live="polite">
      <span className={live ? 'sv-dot sv-dot-on' : 'sv-dot'} aria-hidden="true" />
      {live ? 'Live' : status.isError ? 'Status unavailable' : 'Bot offline'}
    </span>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Card className="sv-stat">
      <span className="muted small">{label}</span>
      <span className="sv-stat-value">{number(value)}</span>
    </Card>
  );
}

function ServerCard({ server, onConfigure }: { server: UserServer; onConfigure: () => void }) {
  return (
    <Card className="stack" aria-label={server.name}>
      <div className="sv-card-head">
        <h2 className="card-title">{server.name}</h2>
        <Badge tone={server.isOnline ? 'success' : 'danger'}>{server.isOnline ? 'BOT ONLINE' : 'BOT OFFLINE'}</Badge>
      </div>
      {server.userRole && (
        <div>
          <Badge>{server.userRole}</Badge>
        </div>
      )}
      <div className="sv-figures">
        <span>
          <span className="muted">Members </span>
          {number(server.memberCount)}
        </span>
        <span>
          <span className="muted">Online </span>
          {number(server.onlineMembers)}
        </span>
        <span className="muted">Added {new Date(server.botJoinedAt).toLocaleDateString('en-US')}</span>
        {server.commandsUsed24h > 0 && <span className="muted">{number(server.commandsUsed24h)} commands (24h)</span>}
      </div>
      {server.features.length > 0 && (
        <div className="sv-badges" aria-label="Features">
          {server.features.map((feature) => (
            <Badge key={feature} tone="success">
              {feature}
            </Badge>
          ))}
        </div>
      )}
      {server.permissions.length > 0 && (
        <div className="sv-badges" aria-label="Your permissions">
          {server.permissions.map((permission) => (
            <Badge key={permission}>{permission}</Badge>
          ))}
        </div>
      )}
      {!server.isOnline && <div className="alert small">Bot Offline - Bot needs to be started/hosted to be online</div>}
      <ServerSyncPanel server={server} />
      <div className="row">
        {/* Spec 1 section 2.6: View has no action. */}
        <Button variant="outline">View</Button>
        <Button onClick={onConfigure}>Configure</Button>
      </div>
    </Card>
  );
}

/** My Servers (/servers, spec 1 section 2.6). */
export default function MyServers() {
  const navigate = useNavigate();
  const userQuery = useCurrentUser();
  const user = userQuery.data;
  const servers = useUserServers(Boolean(user));
  const [configuring, setConfiguring] = useState<UserServer | null>(null);
  const signedOut = userQuery.isSuccess && user === null;

  useEffect(() => {
    if (!signedOut) return;
    const timer = setTimeout(() => navigate('/', { replace: true }), DISCORD_SCREEN_TIMINGS.unauthorizedRedirectMs);
    return () => clearTimeout(timer);
  }, [signedOut, navigate]);

  if (userQuery.isLoading) return <LoadingState label="Loading servers..." />;
  if (signedOut) {
    return (
      <main className="page container">
        <EmptyState
          title="Authentication Required"
          description="Please log in to see your servers. Redirecting to the home page..."
        />
      </main>
    );
  }
  if (userQuery.isError || !user) {
    return (
      <main className="page container">
        <ErrorState message="Could not load your account." onRetry={() => void userQuery.refetch()} />
      </main>
    );
  }

  const list = servers.data ?? [];
  return (
    <AppLayout user={user}>
      <div className="sv-header">
        <div className="row">
          <h1>My Servers</h1>
          <LiveIndicator />
        </div>
        <Link to="/add-to-server" className="btn btn-primary">
          Add to Server
        </Link>
      </div>
      <div className="stack">
        <BotTokenMissing />
        <div className="grid-3">
          <Stat label="Total Servers" value={list.length} />
          <Stat label="Online Servers" value={list.filter((server) => server.isOnline).length} />
          <Stat label="Total Members" value={list.reduce((sum, server) => sum + server.memberCount, 0)} />
          <Stat label="Active Features" value={list.reduce((sum, server) => sum + server.features.length, 0)} />
        </div>
        {servers.isLoading ? (
          <LoadingState label="Loading servers..." />
        ) : servers.isError ? (
          <ErrorState
            message={serverMessage(servers.error) ?? 'Could not load your servers.'}
            onRetry={() => void servers.refetch()}
          />
        ) : list.length === 0 ? (
          <Card>
            <EmptyState
              title="Ready to Get Started!"
              description="Invite the bot to a server you own or manage, and it will appear here."
              action={
                <div>
                  <Link to="/add-to-server" className="btn btn-primary">
                    Invite Bot to Your Server
                  </Link>
                </div>
              }
            />
          </Card>
        ) : (
          <div className="grid-2">
            {list.map((server) => (
              <ServerCard key={server.id} server={server} onConfigure={() => setConfiguring(server)} />
            ))}
          </div>
        )}
      </div>
      {configuring && <ConfigureServerDialog server={configuring} onClose={() => setConfiguring(null)} />}
    </AppLayout>
  );
}
