import { useQuery } from '@tanstack/react-query';
import { Link } from '@groupflow/shell-kit/router';
import {
  Badge,
  Button,
  Card,
  ErrorState,
  LoadingState,
  apiClient,
  hasStaffSession,
  endpointKey,
} from '@groupflow/shell-kit';
import {
  API,
  DISCORD_DEVELOPER_PORTAL,
  discordClientIdEndpoint,
  discordInviteUrlEndpoint,
} from '@groupflow/core/contracts';
import { discordKeys, useBotStatus, useCopy } from './discordQueries.ts';
import { RoleProblems } from './RoleProblems.tsx';
import './servers.css';

function Check({ label, ok }: { label: string; ok: boolean | undefined }) {
  return (
    <div className="sv-check">
      <span>{label}</span>
      {ok === undefined ? (
        <span className="muted">Checking...</span>
      ) : (
        <Badge tone={ok ? 'success' : 'danger'}>{ok ? 'Configured' : 'Missing'}</Badge>
      )}
    </div>
  );
}

/** The three bot connection states of spec 3 sections 4 and 8. */
function ConnectionStatus() {
  const status = useBotStatus();
  if (status.isLoading) return <LoadingState label="Checking the bot..." />;
  if (status.isError || !status.data)
    return <ErrorState message="Could not read the bot status." onRetry={() => void status.refetch()} />;
  const { hasToken, isOnline, guildCount } = status.data;
  if (!hasToken) {
    return (
      <div className="alert alert-warning" role="status">
        <strong>Bot Token Missing</strong>
        <p className="small">The bot can be invited but will appear offline until a bot token is added.</p>
      </div>
    );
  }
  if (!isOnline) {
    return (
      <div className="alert alert-danger" role="status">
        <strong>Bot Connection Failed</strong>
        <p className="small">
          A token is set but the bot is not connected: check intent permissions in the developer portal.
        </p>
      </div>
    );
  }
  return (
    <div className="alert alert-success" role="status">
      <strong>Bot Online</strong>
      <p className="small">
        Connected and ready, in {guildCount} {guildCount === 1 ? 'server' : 'servers'}.
      </p>
    </div>
  );
}

/** Bot setup check (/setup-verification, spec 1 section 2.15 and spec 3 section 2.3). */
export default function SetupVerification() {
  const clientId = useQuery({ queryKey: discordKeys.clientId, queryFn: () => apiClient.call(discordClientIdEndpoint) });
  const invite = useQuery({ queryKey: discordKeys.inviteUrl, queryFn: () => apiClient.call(discordInviteUrlEndpoint) });
  const signIn = useQuery({
    queryKey: endpointKey(API.customer.getDiscordConfig),
    queryFn: () => apiClient.call(API.customer.getDiscordConfig),
  });
  const status = useBotStatus();
  const { copied, copy } = useCopy();
  const applicationId = clientId.data?.clientId ?? null;
  const portal = applicationId ? `${DISCORD_DEVELOPER_PORTAL}/${applicationId}` : DISCORD_DEVELOPER_PORTAL;
  const tokenMissing = status.data?.hasToken === false;
  // Which secrets are set, and how to set them, is for whoever runs GroupFlow: staff, or anyone in development.
  const operator = hasStaffSession() || signIn.data?.environment === 'development';

  return (
    <main className="page container stack">
      <div>
        <Link to="/" className="btn btn-ghost">
          Back to Home
        </Link>
      </div>
      <h1>Bot Setup Verification</h1>
      <div className="grid-2">
        {operator && (
          <Card title="Configuration Status" className="stack">
            <Check label="Client ID" ok={clientId.data?.configured} />
            <Check label="Client Secret" ok={signIn.data?.discordConfigured} />
            <Check label="Bot Token" ok={status.data?.hasToken} />
          </Card>
        )}
        <Card title="Bot Information" className="stack">
          {clientId.isLoading ? (
            <LoadingState label="Loading..." />
          ) : applicationId ? (
            <>
              <span className="label">Application ID</span>
              <code className="sv-code">{applicationId}</code>
              <div className="row">
                <Button variant="outline" onClick={() => void copy(applicationId, 'Application ID')}>
                  {copied === 'Application ID' ? 'Copied!' : 'Copy'}
                </Button>
                <a className="btn btn-ghost" href={portal} target="_blank" rel="noreferrer">
                  View in Developer Portal
                </a>
              </div>
            </>
          ) : (
            <p className="muted">
              {operator
                ? 'No application ID is configured (DISCORD_CLIENT_ID).'
                : 'The bot is not set up yet. Please try again later or contact support.'}
            </p>
          )}
        </Card>
        <Card title="Bot Invitation" className="stack">
          {invite.isLoading ? (
            <LoadingState label="Loading..." />
          ) : invite.data?.inviteUrl ? (
            <>
              <code className="sv-code">{invite.data.inviteUrl}</code>
              <div className="row">
                <Button variant="outline" onClick={() => void copy(invite.data.inviteUrl!, 'Invite URL')}>
                  {copied === 'Invite URL' ? 'Copied!' : 'Copy URL'}
                </Button>
                <a className="btn btn-primary" href={invite.data.inviteUrl} target="_blank" rel="noreferrer">
                  Test Invite
                </a>
              </div>
            </>
          ) : (
            <div className="alert alert-danger" role="alert">
              Failed to generate invite URL. Check Discord configuration.
            </div>
          )}
        </Card>
        <Card title="Bot Connection Status" className="stack">
          <ConnectionStatus />
        </Card>
      </div>
      <Card title="Role Hierarchy" className="stack">
        <RoleProblems />
      </Card>
      {operator && tokenMissing && (
        <Card title="Setup Instructions" className="stack">
          <ol className="sv-steps">
            <li>Open your application in the Discord Developer Portal and go to the Bot page.</li>
            <li>Reset and copy the bot token.</li>
            <li>Enable the Server Members intent on the same page.</li>
            <li>Set DISCORD_BOT_TOKEN to the token and restart GroupFlow (npm start, or npm run start:bot).</li>
          </ol>
        </Card>
      )}
      <div className="row">
        <a className="btn btn-primary" href={portal} target="_blank" rel="noreferrer">
          Open Developer Portal
        </a>
        <Link to="/add-to-server" className="btn btn-outline">
          Try Bot Invitation
        </Link>
        <Link to="/staff-login" className="btn btn-outline">
          Staff Dashboard
        </Link>
      </div>
    </main>
  );
}
