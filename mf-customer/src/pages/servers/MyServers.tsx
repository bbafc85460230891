import { useState } from 'react';
import { Link } from '@groupflow/shell-kit/router';
import { Badge, Button, Card, EmptyState, QueryView, RequireCustomer, useCustomer } from '@groupflow/shell-kit';
import { DISCORD_SCREEN_TIMINGS, type UserServer } from '@groupflow/core/contracts';
import { errorText } from '../../errorTexts.ts';
import { AppLayout } from '../../shared/AppSidebar.tsx';
import { BotTokenMissing } from './BotTokenMissing.tsx';
import { ConfigureServerDialog } from './ConfigureServerDialog.tsx';
import { ServerSyncPanel } from './ServerSyncPanel.tsx';
import { useGetBotStatus, useListUserServers } from './serverQueries.ts';
import './servers.css';

/** Discord's web app, where a server opens by its id. */
const DISCORD_APP_ORIGIN = 'https://discord.com';

const number = (value: number) => value.toLocaleString('en-US');

/** The indicator's words: "Bot offline" only once the poll has answered so (issue 36: no flash before "Live"). */
function liveText(status: ReturnType<typeof useGetBotStatus>): string {
  if (status.isSuccess) return status.data.isOnline ? 'Live' : 'Bot offline';
  return status.isError ? 'Status unavailable' : 'Checking bot...';
}

/** "Live" while the 5 s bot-status poll answers and says the bot is online. */
function LiveIndicator() {
  const status = useGetBotStatus();
  const live = status.isSuccess && status.data.isOnline;
  return (
    <span className="sv-live" role="status" aria-live="polite">
      <span className={live ? 'sv-dot sv-dot-on' : 'sv-dot'} aria-hidden="true" />
      {liveText(status)}
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
      {!server.isOnline && (
        <div className="alert small">
          GroupFlow&apos;s bot is offline right now: changes reach the server once it is back.
        </div>
      )}
      <ServerSyncPanel server={server} />
      <div className="row">
        {/* Spec 1 section 2.6's View had no action (issue 36): it opens the server in Discord. */}
        <a
          className="btn btn-outline"
          href={`${DISCORD_APP_ORIGIN}/channels/${server.id}`}
          target="_blank"
          rel="noreferrer"
          aria-label={`View ${server.name} in Discord`}
        >
          View
        </a>
        <Button onClick={onConfigure}>Configure</Button>
      </div>
    </Card>
  );
}

const LOADING = 'Loading servers...';

/** My Servers (/servers, spec 1 section 2.6): a 401 on the user call leaves for / after 2000 ms. */
export default function MyServers() {
  return (
    <RequireCustomer
      loading={LOADING}
      error="Could not load your account."
      redirectTo="/"
      redirectDelayMs={DISCORD_SCREEN_TIMINGS.unauthorizedRedirectMs}
      signedOut={
        <main className="page container">
          <EmptyState
            title="Authentication Required"
            description="Please log in to see your servers. Redirecting to the home page..."
          />
        </main>
      }
    >
      <Servers />
    </RequireCustomer>
  );
}

function Servers() {
  const user = useCustomer();
  const servers = useListUserServers();
  const [configuring, setConfiguring] = useState<UserServer | null>(null);
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
        <QueryView
          query={servers}
          loading={LOADING}
          error={(error) => errorText(error) ?? 'Could not load your servers.'}
          isEmpty={(rows) => rows.length === 0}
          empty={
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
          }
        >
          {(rows) => (
            <div className="grid-2">
              {rows.map((server) => (
                <ServerCard key={server.id} server={server} onConfigure={() => setConfiguring(server)} />
              ))}
            </div>
          )}
        </QueryView>
      </div>
      {configuring && <ConfigureServerDialog server={configuring} onClose={() => setConfiguring(null)} />}
    </AppLayout>
  );
}
