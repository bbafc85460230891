import { useState, type ReactNode } from 'react';
import { Link } from '@groupflow/shell-kit/router';
import { Badge, Button, Card, HttpError, LoadingState, apiClient, useToast, submitLogout } from '@groupflow/shell-kit';
import { DropdownMenu } from '@groupflow/shell-kit/dropdown-menu';
import { API, BOT_INVITE_PERMISSIONS } from '@groupflow/core/contracts';
import { AppLayout } from '../../shared/AppSidebar.tsx';
import { Icon } from '../../shared/icons.tsx';
import { useCurrentUser } from '../../shared/session.ts';
import { BotTokenMissing } from './BotTokenMissing.tsx';
import { SetupGuideDialog } from './SetupGuideDialog.tsx';
import './servers.css';

const FEATURES = [
  { title: 'User Verification', text: 'Members link their Roblox account and get verified roles automatically.' },
  { title: 'Group Management', text: 'Bind your Roblox group so Discord roles follow group ranks.' },
  { title: 'Moderation Tools', text: '/warn, /kick, /ban and /mute, logged to your moderation channel.' },
  { title: 'Announcements', text: 'Post announcements to any channel with /announce.' },
];

function Content({ onGuide }: { onGuide: () => void }) {
  const toast = useToast();
  const [pending, setPending] = useState(false);

  const invite = async () => {
    // Opened before the call, while the click still counts as a user gesture, so no pop-up blocker interferes.
    const tab = window.open('', '_blank');
    // Whoever runs GroupFlow has not set up its Discord application, or the server failed: nothing for the customer
    // to fix, so the message asks them to come back rather than teaching them to configure GroupFlow.
    const unavailable = () => {
      tab?.close();
      toast({
        title: 'Adding GroupFlow is unavailable',
        description: "GroupFlow's Discord application is not set up on this site yet. Please try again later.",
        variant: 'destructive',
      });
    };
    setPending(true);
    try {
      const answer = await apiClient.call(API.servers.getInviteUrl);
      if (answer.setupRequired || !answer.inviteUrl) unavailable();
      else if (tab) {
        tab.opener = null;
        tab.location.href = answer.inviteUrl;
      } else {
        window.location.href = answer.inviteUrl;
      }
    } catch (error) {
      if (error instanceof HttpError) unavailable();
      else {
        tab?.close();
        toast({
          title: 'Error',
          description: 'Failed to generate Discord invite URL. Please try again.',
          variant: 'destructive',
        });
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="stack">
      <BotTokenMissing />
      <Card className="stack center">
        <div className="row" style={{ justifyContent: 'center' }}>
          <h1 className="card-title">GroupFlow Bot</h1>
          <Badge tone="success">Verified</Badge>
        </div>
        <p className="muted">
          Roblox verification, group-rank roles, moderation and announcements for your Discord server.
        </p>
        <div className="row" style={{ justifyContent: 'center' }}>
          <span>Serving 50K+ users</span>
          <span className="muted">•</span>
          <span>Trusted by 500+ servers</span>
        </div>
        <div className="row" style={{ justifyContent: 'center' }}>
          <Button size="lg" onClick={() => void invite()} pending={pending} pendingLabel="Opening...">
            Add to Server
          </Button>
          <Button variant="outline" size="lg" onClick={onGuide}>
            Need Help with Setup?
          </Button>
        </div>
      </Card>
      <div className="grid-2">
        {FEATURES.map((feature) => (
          <Card key={feature.title} title={feature.title} titleAs="h3">
            <p className="muted small">{feature.text}</p>
          </Card>
        ))}
      </div>
      <Card title="Permissions Required" titleAs="h2">
        <ul className="grid-2">
          {BOT_INVITE_PERMISSIONS.map((permission) => (
            <li key={permission.label}>{permission.label}</li>
          ))}
        </ul>
      </Card>
      <p className="muted small center">
        By adding the bot you agree to our <Link to="/terms">Terms of Service</Link> and{' '}
        <Link to="/privacy">Privacy Policy</Link>.
      </p>
    </div>
  );
}

function SignedOutHeader() {
  return (
    <header className="sv-topbar">
      <Link to="/" className="btn btn-ghost">
        Back to Home
      </Link>
      <div className="row">
        <DropdownMenu
          trigger={
            <button type="button" className="btn btn-ghost" aria-label="User menu">
              <Icon name="menu" />
            </button>
          }
          items={[
            { label: 'Login with Discord', onSelect: () => window.location.assign('/auth/discord') },
            { label: 'Logout', onSelect: submitLogout },
          ]}
        />
        <a href="/auth/discord" className="btn btn-primary">
          Login with Discord
        </a>
      </div>
    </header>
  );
}

/** Add to Server (/add-to-server, spec 1 section 2.7): viewable signed out; the sidebar only when signed in. */
export default function AddToServer() {
  const userQuery = useCurrentUser();
  const [guide, setGuide] = useState(false);
  const dialog: ReactNode = guide && <SetupGuideDialog onClose={() => setGuide(false)} />;

  if (userQuery.isLoading) return <LoadingState label="Loading..." />;
  const user = userQuery.data;
  if (user) {
    return (
      <AppLayout user={user}>
        <div className="sv-header">
          <h1>Add to Server</h1>
          <Link to="/servers" className="btn btn-outline">
            View My Servers
          </Link>
        </div>
        <Content onGuide={() => setGuide(true)} />
        {dialog}
      </AppLayout>
    );
  }
  return (
    <main className="container">
      <SignedOutHeader />
      <Content onGuide={() => setGuide(true)} />
      {dialog}
    </main>
  );
}
