import { useMemo, useState } from 'react';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  QueryView,
  RequireCustomer,
  Skeleton,
  useCustomer,
  useEndpointMutation,
  useEndpointQuery,
  type BadgeTone,
} from '@groupflow/shell-kit';
import { AlertDialog } from '@groupflow/shell-kit/dialog';
import { API, discordAvatarUrl, type VerificationUser } from '@groupflow/core/contracts';
import { errorText, failureToast } from '../../errorTexts.ts';
import { AppLayout } from '../../shared/AppSidebar.tsx';
import { BotTokenMissing } from './BotTokenMissing.tsx';
import './servers.css';

/** Spec 1 section 2.8: "Verification Active" is a fixed figure. */
const VERIFICATION_ACTIVE = 2;
/** Spec 1 section 2.8: six placeholders while loading. */
const SKELETONS = 6;

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 31_536_000],
  ['month', 2_592_000],
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

/** "3 days ago": relative time with suffix. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return relative.format(seconds, 'second');
}

/** The Discord CDN avatar; its initial when the image cannot be loaded, rather than a broken-image icon. */
function Avatar({ user }: { user: VerificationUser }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span className="sv-avatar sv-avatar-initial" aria-hidden="true">
        {user.username.charAt(0).toUpperCase()}
      </span>
    );
  }
  return (
    <img
      className="sv-avatar"
      src={discordAvatarUrl(user)}
      alt=""
      width={48}
      height={48}
      onError={() => setFailed(true)}
    />
  );
}

/** A vouch counts in the vouching server only; the member's own proof counts everywhere. */
function statusBadge(user: VerificationUser): { tone: BadgeTone; label: string } {
  switch (user.status) {
    case 'restricted':
      return { tone: 'danger', label: 'Restricted' };
    case 'verified':
      return { tone: 'success', label: user.isProven ? 'Verified' : 'Vouched' };
    case 'pending':
      return { tone: 'warning', label: 'Pending' };
    case 'unlinked':
      return { tone: 'neutral', label: 'Not linked' };
  }
}

/**
 * Verify (issue 36; spec 1 section 2.8's button said "Coming soon"): a manager vouches that a Pending member owns
 * the account they claimed, in the manager's servers only, after confirming. A member with no claimed account has
 * nothing to vouch for, and the card says so instead of offering the button.
 */
function VouchAction({ user }: { user: VerificationUser }) {
  const [confirming, setConfirming] = useState(false);
  const vouch = useEndpointMutation(API.servers.verifyMember, {
    invalidates: [API.servers.listGuildMembers],
    success: (answer) => ({ title: 'Member verified', description: answer.message, variant: 'success' }),
    failure: failureToast('Not verified', 'Could not verify the member.'),
    onSettled: () => setConfirming(false),
  });
  if (user.isVerified) return null;
  if (!user.claim)
    return (
      <p className="muted small">
        Not linked: they have not named a Roblox account yet, so there is nothing to verify.
      </p>
    );
  const claim = user.claim;
  const account = claim.robloxUsername ?? claim.robloxId;
  return (
    <>
      <Button onClick={() => setConfirming(true)}>Verify</Button>
      {confirming && (
        <AlertDialog
          title={`Verify ${user.username}?`}
          description={`You vouch that ${user.username} owns the Roblox account ${account}. It counts in the servers you manage only, and their roles there follow that account.`}
          confirmLabel="Verify"
          pendingLabel="Verifying..."
          pending={vouch.isPending}
          danger={false}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            vouch.mutate({
              params: { userId: user.id },
              body: { robloxId: claim.robloxId, robloxUsername: claim.robloxUsername ?? claim.robloxId },
            })
          }
        />
      )}
    </>
  );
}

function UserCard({ user }: { user: VerificationUser }) {
  const status = statusBadge(user);
  return (
    <Card className="stack" aria-label={user.username}>
      <div className="row">
        <Avatar user={user} />
        <div className="stack" style={{ gap: 2 }}>
          <strong>{user.username}</strong>
          <span className="muted small">ID {user.discordId ?? user.id}</span>
        </div>
      </div>
      <div className="row">
        <Badge tone={status.tone}>{status.label}</Badge>
        <Badge tone={user.isOnline ? 'success' : 'neutral'}>{user.isOnline ? 'Online' : 'Offline'}</Badge>
      </div>
      <div className="muted small">Joined {timeAgo(user.createdAt)}</div>
      {user.robloxUsername && (
        <div className="small">
          Roblox:{' '}
          {user.robloxId ? (
            <a href={`https://www.roblox.com/users/${user.robloxId}/profile`} target="_blank" rel="noreferrer">
              {user.robloxUsername}
            </a>
          ) : (
            user.robloxUsername
          )}
        </div>
      )}
      {user.claim && (
        <div className="small">
          Claimed, not proven:{' '}
          <a href={`https://www.roblox.com/users/${user.claim.robloxId}/profile`} target="_blank" rel="noreferrer">
            {user.claim.robloxUsername ?? user.claim.robloxId}
          </a>
        </div>
      )}
      {user.restrictedReason && <div className="small">{user.restrictedReason}</div>}
      <div className="row">
        <VouchAction user={user} />
      </div>
    </Card>
  );
}

/** Six card-shaped placeholders while the members load (spec 1 section 2.8). */
const usersLoading = (
  <div className="grid-3" aria-busy="true" aria-label="Loading users">
    {Array.from({ length: SKELETONS }, (_, index) => (
      <Card key={index} className="stack">
        <Skeleton width={48} height={48} style={{ borderRadius: '50%' }} />
        <Skeleton width="60%" />
        <Skeleton width="40%" />
      </Card>
    ))}
  </div>
);

/** User Verification (/verification, spec 1 section 2.8): members of the servers the customer manages. */
export default function UserVerification() {
  return (
    <RequireCustomer loading="Loading..." error="Could not load your account." redirectTo="/">
      <Members />
    </RequireCustomer>
  );
}

function Members() {
  const user = useCustomer();
  const users = useEndpointQuery(API.servers.listGuildMembers);
  const [search, setSearch] = useState('');

  const shown = useMemo(() => {
    const list = users.data ?? [];
    const needle = search.trim().toLowerCase();
    if (!needle) return list;
    return list.filter((entry) =>
      [entry.username, entry.robloxUsername ?? ''].some((name) => name.toLowerCase().includes(needle)),
    );
  }, [users.data, search]);

  const list = users.data ?? [];
  const verified = list.filter((entry) => entry.isVerified).length;
  return (
    <AppLayout user={user}>
      <div className="sv-header">
        <div>
          <h1>User Verification</h1>
          <p className="muted">Manage user verification status and records</p>
        </div>
      </div>
      <div className="stack">
        <BotTokenMissing />
        <div className="grid-3">
          {[
            ['Total Verified', verified],
            ['Pending', list.length - verified],
            ['Total Users', list.length],
            ['Verification Active', VERIFICATION_ACTIVE],
          ].map(([label, value]) => (
            <Card key={label} className="sv-stat">
              <span className="muted small">{label}</span>
              <span className="sv-stat-value">{value}</span>
            </Card>
          ))}
        </div>
        <input
          className="input"
          type="search"
          aria-label="Search users"
          placeholder="Search by Discord or Roblox username..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <QueryView
          query={users}
          loading={usersLoading}
          error={(error) => errorText(error) ?? 'Could not load the users.'}
          isEmpty={() => shown.length === 0}
          empty={
            <Card>
              <EmptyState
                title="No Users Found"
                description={
                  search.trim() ? 'No users match your search criteria.' : 'No verified users to display yet.'
                }
              />
            </Card>
          }
        >
          {() => (
            <div className="grid-3">
              {shown.map((entry) => (
                <UserCard key={entry.id} user={entry} />
              ))}
            </div>
          )}
        </QueryView>
      </div>
    </AppLayout>
  );
}
