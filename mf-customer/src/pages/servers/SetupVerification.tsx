import { Link } from '@groupflow/shell-kit/router';
import {
  Badge,
  Button,
  Card,
  QueryView,
  hasStaffSession,
  useEndpointQuery,
  type QueryLike,
} from '@groupflow/shell-kit';
import { API, DISCORD_DEVELOPER_PORTAL } from '@groupflow/core/contracts';
import { errorText } from '../../errorTexts.ts';
import { useGetBotStatus, useCopy } from './serverQueries.ts';
import { RoleProblems } from './RoleProblems.tsx';
import './servers.css';

/** One secret of the configuration: "Checking..." until its call answers, then whether it is set. */
function Check<T>({ label, query, ok }: { label: string; query: QueryLike<T>; ok: (data: T) => boolean }) {
  return (
    <div className="sv-check">
      <span>{label}</span>
      <QueryView
        query={query}
        loading={<span className="muted">Checking...</span>}
        error={(error) => errorText(error) ?? `Could not check the ${label}.`}
      >
        {(data) => <Badge tone={ok(data) ? 'success' : 'danger'}>{ok(data) ? 'Configured' : 'Missing'}</Badge>}
      </QueryView>
    </div>
  );
}

/** Spec 1 section 2.15's error alert of the bot invitation card: the address could not be made, or is missing. */
const INVITE_FAILED = 'Failed to generate invite URL. Check Discord configuration.';

/** The three bot connection states of spec 3 sections 4 and 8. */
function ConnectionStatus() {
  const status = useGetBotStatus();
  return (
    <QueryView query={status} loading="Checking the bot..." error="Could not read the bot status.">
      {(status) => <BotConnection {...status} />}
    </QueryView>
  );
}

function BotConnection({
  hasToken,
  isOnline,
  guildCount,
}: {
  hasToken: boolean;
  isOnline: boolean;
  guildCount: number;
}) {
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
  const clientId = useEndpointQuery(API.servers.getClientId);
  const invite = useEndpointQuery(API.servers.getInviteUrl);
  const signIn = useEndpointQuery(API.customer.getDiscordConfig);
  const status = useGetBotStatus();
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
            <Check label="Client ID" query={clientId} ok={(data) => data.configured} />
            <Check label="Bot Token" query={status} ok={(data) => data.hasToken} />
          </Card>
        )}
        <Card title="Bot Information" className="stack">
          <QueryView
            query={clientId}
            loading="Loading..."
            error={(error) => errorText(error) ?? 'Could not read the application ID.'}
          >
            {({ clientId: id }) =>
              id ? (
                <>
                  <span className="label">Application ID</span>
                  <code className="sv-code">{id}</code>
                  <div className="row">
                    <Button variant="outline" onClick={() => void copy(id, 'Application ID')}>
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
              )
            }
          </QueryView>
        </Card>
        <Card title="Bot Invitation" className="stack">
          <QueryView query={invite} loading="Loading..." error={INVITE_FAILED}>
            {({ inviteUrl }) =>
              inviteUrl ? (
                <>
                  <code className="sv-code">{inviteUrl}</code>
                  <div className="row">
                    <Button variant="outline" onClick={() => void copy(inviteUrl, 'Invite URL')}>
                      {copied === 'Invite URL' ? 'Copied!' : 'Copy URL'}
                    </Button>
                    <a className="btn btn-primary" href={inviteUrl} target="_blank" rel="noreferrer">
                      Test Invite
                    </a>
                  </div>
                </>
              ) : (
                <div className="alert alert-danger" role="alert">
                  {INVITE_FAILED}
                </div>
              )
            }
          </QueryView>
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
