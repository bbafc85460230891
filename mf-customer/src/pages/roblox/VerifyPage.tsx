import { useState } from 'react';
import { Link } from '@groupflow/shell-kit/router';
import { useQueryClient } from '@tanstack/react-query';
import {
  Badge,
  Button,
  Card,
  QueryView,
  RequireCustomer,
  useCustomer,
  useEndpointMutation,
  useEndpointQuery,
} from '@groupflow/shell-kit';
import { API, linkRobloxSchema, type EndpointResponse } from '@groupflow/core/contracts';
import { AlertDialog } from '@groupflow/shell-kit/dialog';
import { Field, Form, SubmitButton, useZodForm } from '@groupflow/shell-kit/form';
import { USER_KEY } from '../../shared/session.ts';
import { AddAccountDialog } from './AddAccountDialog.tsx';
import { invalidateRoblox, linkFailureText, messageOf } from './robloxApi.ts';
import { AuthenticationRequired } from './AuthenticationRequired.tsx';
import './roblox.css';

const POINTS = ['Automatic role synchronization', 'Group member verification', 'Real-time updates'];

/**
 * /verify (spec 1 section 2.14, spec 3 section 2.4): claim a Roblox account by username, then prove it (profile
 * code or Roblox sign-in) and unlink it when wanted. A typed username is only a pending claim (issue 22): the
 * page shows it beside the current link, which it never changes, until it is proven or cancelled. A proven
 * account goes straight to the linked view.
 */
export default function VerifyPage() {
  return (
    <RequireCustomer
      loading="Loading..."
      error="Failed to load your account."
      signedOut={
        <AuthenticationRequired>
          <p className="muted">Sign in with Discord to link your Roblox account.</p>
        </AuthenticationRequired>
      }
    >
      <VerifyAccount />
    </RequireCustomer>
  );
}

/** The page for a signed-in customer: the link form, the claim waiting for its proof, or the linked account. */
function VerifyAccount() {
  const queryClient = useQueryClient();
  const user = useCustomer();
  const meQuery = useEndpointQuery(API.customer.describeRobloxAccount);
  const form = useZodForm(linkRobloxSchema, { defaultValues: { username: '' } });
  const [roles, setRoles] = useState<string[] | null>(null);
  const [proving, setProving] = useState(false);
  const [unlinking, setUnlinking] = useState(false);
  const [cancelling, setCancelling] = useState(false);

  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: USER_KEY }), invalidateRoblox(queryClient)]);

  const link = useEndpointMutation(API.roblox.linkRobloxAccount, {
    success: (answer) => ({
      title: 'Account Linked Successfully!',
      description: answer.isVerified
        ? 'Your Roblox account has been connected to GroupFlow.'
        : 'Prove it is yours to finish: put a code in your Roblox profile, or sign in with Roblox.',
      variant: 'success',
    }),
    failure: (error) => ({
      title: 'Link Failed',
      description: messageOf(error) ? linkFailureText(error) : 'Failed to link account',
      variant: 'destructive',
    }),
    onSuccess: async (answer) => {
      // A claim's roles are not the member's until it is proven.
      setRoles(answer.isVerified ? answer.currentRoles : null);
      await refresh();
    },
  });

  const unlink = useEndpointMutation(API.roblox.unlinkRobloxAccount, {
    success: { title: 'Roblox Account Unlinked', description: 'Your Roblox account is no longer linked.' },
    failure: (error) => ({
      title: 'Error',
      description: messageOf(error) ?? 'Failed to unlink account',
      variant: 'destructive',
    }),
    onSuccess: async () => {
      setUnlinking(false);
      setRoles(null);
      await refresh();
    },
  });

  const cancelClaim = useEndpointMutation(API.roblox.cancelRobloxClaim, {
    success: { title: 'Cancelled', description: 'The unproven Roblox account was removed.' },
    failure: (error) => ({
      title: 'Error',
      description: messageOf(error) ?? 'Failed to cancel',
      variant: 'destructive',
    }),
    onSuccess: async () => {
      setCancelling(false);
      await refresh();
    },
  });

  // The pending claim's two dialogs, opened from the linked account's card or from the claim's own.
  const claimDialogs = (
    <>
      {proving && (
        <AddAccountDialog codeLength={8} onClose={() => setProving(false)} onVerified={() => void refresh()} />
      )}
      {cancelling && (
        <CancelClaimDialog
          pending={cancelClaim.isPending}
          onConfirm={() => cancelClaim.mutate()}
          onCancel={() => setCancelling(false)}
        />
      )}
    </>
  );

  const accountView = (me: EndpointResponse<typeof API.customer.describeRobloxAccount>) => {
    if (user.robloxUsername && me.robloxUsername) {
      const shownRoles = roles ?? (me.currentRoles.length ? me.currentRoles : ['Already Verified']);
      return (
        <main className="page container stack" style={{ maxWidth: 720 }}>
          <Card title="Your account is linked">
            <div className="stack">
              <div className="rb-row">
                <span className="rb-avatar" aria-hidden="true">
                  {me.robloxUsername.charAt(0).toUpperCase()}
                </span>
                <div className="rb-grow">
                  <div className="muted small">Roblox</div>
                  <strong>{me.robloxUsername}</strong>
                  <div className="muted small">ID: {me.robloxId}</div>
                </div>
                {me.isVerified ? <Badge tone="success">Verified</Badge> : <Badge tone="warning">Not yet proven</Badge>}
              </div>
              <div className="rb-row">
                <span className="rb-avatar" aria-hidden="true">
                  {user.username.charAt(0).toUpperCase()}
                </span>
                <div className="rb-grow">
                  <div className="muted small">Discord</div>
                  <strong>{user.username}</strong>
                </div>
              </div>
              <div>
                <div className="muted small">Roles</div>
                <ul className="rb-list" aria-label="Roles">
                  {shownRoles.map((role) => (
                    <li key={role}>{role}</li>
                  ))}
                </ul>
              </div>
              {me.pendingClaim && (
                <PendingClaim
                  name={me.pendingClaim.robloxUsername}
                  current={me.robloxUsername}
                  onProve={() => setProving(true)}
                  onCancel={() => setCancelling(true)}
                />
              )}
              <div className="row">
                <Button onClick={() => window.open('/dashboard', '_blank', 'noopener')}>Open Dashboard</Button>
                <Button variant="outline" onClick={() => window.location.reload()}>
                  Return to Discord
                </Button>
                <Button variant="danger" onClick={() => setUnlinking(true)}>
                  Unlink
                </Button>
              </div>
            </div>
          </Card>
          {claimDialogs}
          {unlinking && (
            <AlertDialog
              title="Unlink your Roblox account?"
              description={`${me.robloxUsername} will no longer be linked; roles that follow it are removed at the next sync.`}
              confirmLabel="Unlink"
              pendingLabel="Unlinking..."
              pending={unlink.isPending}
              danger
              onConfirm={() => unlink.mutate()}
              onCancel={() => setUnlinking(false)}
            />
          )}
        </main>
      );
    }
    if (me.pendingClaim) {
      return (
        <main className="page container stack" style={{ maxWidth: 720 }}>
          <Card title="Prove this Roblox account is yours">
            <PendingClaim
              name={me.pendingClaim.robloxUsername}
              current={null}
              onProve={() => setProving(true)}
              onCancel={() => setCancelling(true)}
            />
          </Card>
          {claimDialogs}
        </main>
      );
    }

    return (
      <main className="page container stack" style={{ maxWidth: 720 }}>
        <section className="stack center">
          <h1>Verify your Roblox account</h1>
          <ul className="rb-list" aria-label="What you get">
            {POINTS.map((point) => (
              <li key={point}>✓ {point}</li>
            ))}
          </ul>
        </section>
        <Card>
          <Form form={form} className="stack" onSubmit={(body) => link.mutateAsync({ body }).catch(() => undefined)}>
            <Field control={form.control} name="username" label="Roblox username">
              {(control) => (
                <input className="input" placeholder="Enter your Roblox username" autoComplete="off" {...control} />
              )}
            </Field>
            <SubmitButton size="lg" disabled={!form.watch('username')?.trim()} pendingLabel="Verifying...">
              Get Verified Now
            </SubmitButton>
          </Form>
          <p className="muted small center">
            By verifying you accept our <Link to="/terms">Terms</Link> and <Link to="/privacy">Privacy Policy</Link>.
          </p>
        </Card>
      </main>
    );
  };

  // A failed GET /api/auth/me is a failure with Retry, never the link form of an account with nothing linked.
  return (
    <QueryView query={meQuery} loading="Loading..." error="Failed to load your account.">
      {accountView}
    </QueryView>
  );
}

/** A typed username waiting for its proof; the current link (if any) stays until then. */
function PendingClaim({
  name,
  current,
  onProve,
  onCancel,
}: {
  name: string;
  current: string | null;
  onProve: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="alert" role="status">
      <p>
        <strong>{name}</strong> <Badge tone="warning">Not yet proven</Badge>
      </p>
      <p className="small">
        Anyone can type a username, so {name} counts only once you prove it is yours: put a code in its Roblox profile,
        or sign in with Roblox.{' '}
        {current ? `${current} stays linked, with its roles and groups, until then.` : 'Nothing is linked until then.'}
      </p>
      <div className="row" style={{ marginTop: 8 }}>
        <Button onClick={onProve}>Prove with a profile code</Button>
        <a className="btn btn-outline" href="/auth/roblox">
          Login with Roblox
        </a>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

function CancelClaimDialog({
  pending,
  onConfirm,
  onCancel,
}: {
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <AlertDialog
      title="Cancel the unproven account?"
      description="Only the account waiting for proof is removed; anything already linked stays as it is."
      confirmLabel="Cancel it"
      pendingLabel="Cancelling..."
      cancelLabel="Keep it"
      pending={pending}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
