import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  endpointKey,
  HttpError,
  ProgressBar,
  QueryView,
  Skeleton,
  useEndpointMutation,
  useEndpointQuery,
} from '@groupflow/shell-kit';
import { AlertDialog } from '@groupflow/shell-kit/dialog';
import { Link } from '@groupflow/shell-kit/router';
import { API, DISCORD_SCREEN_TIMINGS, type ServerSyncProgressAnswer, type UserServer } from '@groupflow/core/contracts';
import { errorText, failureToast } from '../../errorTexts.ts';

const number = (value: number) => value.toLocaleString('en-US');

/** "about 3 min left", from the server's estimate. */
export function timeLeft(seconds: number | null): string {
  if (seconds === null) return 'Estimating the time left...';
  if (seconds < 60) return 'Less than a minute left';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `About ${minutes} min left`;
  return `About ${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}

function Counts({ sync }: { sync: ServerSyncProgressAnswer }) {
  return (
    <div className="sv-figures small">
      <span>
        <span className="muted">Updated </span>
        {number(sync.changed)}
      </span>
      <span>
        <span className="muted">Already right </span>
        {number(sync.unchanged)}
      </span>
      <span>
        <span className="muted">Could not update </span>
        {number(sync.failed)}
      </span>
    </div>
  );
}

/** What the last run came to, in one sentence. */
function lastRun(sync: ServerSyncProgressAnswer): string | null {
  const when = sync.finishedAt ? new Date(sync.finishedAt).toLocaleString('en-US') : '';
  if (sync.state === 'done')
    return `Finished: ${number(sync.changed)} updated, ${number(sync.failed)} could not be updated (${when}).`;
  if (sync.state === 'cancelled')
    return `Last update was cancelled ${when}, after ${number(sync.visited)} of ${number(sync.total)} members.`;
  if (sync.state === 'failed') return `Last update stopped with an error ${when}. Start it again to carry on.`;
  return null;
}

/**
 * Who the last update could not reach, and why, with the fix (issue 36): the members the bot noted for the setup
 * check (the owner, a role above the bot's, Roblox not answering), read from the same list.
 */
function SyncFailures({ serverId }: { serverId: string }) {
  const problems = useEndpointQuery(API.servers.listRoleProblems);
  const members = (problems.data?.servers.find((server) => server.id === serverId)?.problems ?? []).filter(
    (problem) => problem.kind === 'member' || problem.kind === 'permission',
  );
  if (!members.length) return null;
  return (
    <div className="stack small" role="group" aria-label="Could not be updated">
      <strong>Could not be updated</strong>
      <ul className="sv-problems">
        {members.map((problem) => (
          <li key={`${problem.kind}:${problem.name}`}>
            <strong>{problem.name}</strong>: {problem.reason}
          </li>
        ))}
      </ul>
      <p className="muted">
        <Link to="/setup-verification">Check the bot&apos;s role order and permissions</Link>
      </p>
    </div>
  );
}

/** When a start refused for the server's hourly limit (issue 33) may be tried again; null for any other failure. */
export function startsAgainAt(error: unknown, now = new Date()): Date | null {
  if (!(error instanceof HttpError) || error.code !== 'SERVERS.TOO_MANY_SYNC_STARTS') return null;
  return error.retryAfterSeconds === undefined ? null : new Date(now.getTime() + error.retryAfterSeconds * 1000);
}

const clockTime = (at: Date) => at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/**
 * "Update everyone" on a server card (issue 27): starts the server-wide role sync, shows its progress live (polled
 * while it runs) with the counts and the time left, and cancels it after a confirmation. A start while a run is under
 * way answers that run (200), shown as any start; past the server's hourly limit the panel says when to try again.
 */
export function ServerSyncPanel({ server }: { server: UserServer }) {
  const sync = useEndpointQuery(
    API.servers.readServerSyncProgress,
    { params: { id: server.id } },
    {
      refetchInterval: (query) =>
        query.state.data?.state === 'running' ? DISCORD_SCREEN_TIMINGS.serverSyncPollMs : false,
    },
  );
  return (
    <QueryView
      query={sync}
      loading={<Skeleton height={36} />}
      error={(error) => errorText(error) ?? 'Could not load the member update.'}
    >
      {(data) => <SyncState server={server} data={data} />}
    </QueryView>
  );
}

function SyncState({ server, data }: { server: UserServer; data: ServerSyncProgressAnswer }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [retryAt, setRetryAt] = useState<Date | null>(null);
  const call = { params: { id: server.id } };
  // Both answers are the new progress: shown at once, without waiting for the next poll.
  const show = (answer: ServerSyncProgressAnswer) =>
    queryClient.setQueryData(endpointKey(API.servers.readServerSyncProgress, call), answer);
  const start = useEndpointMutation(API.servers.startServerSync, {
    // No success toast: the panel itself turns into the progress at once, and a toast would outlive the run.
    failure: failureToast('Update not started', 'Could not start the update.'),
    onSuccess: (answer) => {
      setRetryAt(null);
      show(answer);
    },
    onError: (error) => setRetryAt(startsAgainAt(error)),
  });
  const cancel = useEndpointMutation(API.servers.cancelServerSync, {
    success: { title: 'Update cancelled', description: 'Members already updated keep their new roles.' },
    failure: failureToast('Not cancelled', 'Could not cancel the update.'),
    onSuccess: (answer) => {
      show(answer);
      setConfirming(false);
    },
  });

  const running = data.state === 'running';
  // A run the bot has not picked up yet has no member count: "0 of 0 members checked" would read as an empty server.
  const checked =
    data.total > 0
      ? `${number(data.visited)} of ${number(data.total)} members checked`
      : 'Waiting for the bot to read the member list...';
  return (
    <section className="sv-sync stack" aria-label={`Member update of ${server.name}`}>
      {running ? (
        <>
          <div className="sv-sync-head">
            <strong>Updating everyone</strong>
            <span className="muted small">{timeLeft(data.estimatedSecondsLeft)}</span>
          </div>
          <ProgressBar
            value={data.visited}
            max={data.total}
            label={`Members checked in ${server.name}`}
            valueText={checked}
          />
          <div className="sv-sync-head small">
            <span>{checked}</span>
          </div>
          <Counts sync={data} />
          {!server.isOnline && (
            <p className="muted small">The bot is offline: the update carries on from where it is once it is back.</p>
          )}
          <div className="row">
            <Button variant="outline" onClick={() => setConfirming(true)}>
              Cancel update
            </Button>
          </div>
        </>
      ) : (
        <>
          <div className="sv-sync-head">
            <Button onClick={() => start.mutate(call)} pending={start.isPending} pendingLabel="Starting...">
              Update everyone
            </Button>
          </div>
          <p className="muted small">
            {lastRun(data) ?? 'Gives every verified member the roles and nickname of their rank, at Discord’s pace.'}
          </p>
          {retryAt && (
            <p className="small" role="status">
              {server.name} was updated several times in the last hour. You can start another update at{' '}
              {clockTime(retryAt)}.
            </p>
          )}
          {data.state !== 'idle' && <Counts sync={data} />}
        </>
      )}
      {data.failed > 0 && <SyncFailures serverId={server.id} />}
      {confirming && (
        <AlertDialog
          title="Stop updating everyone?"
          description="Members already updated keep their new roles and nicknames; the others stay as they are until the next update."
          confirmLabel="Stop update"
          pendingLabel="Stopping..."
          cancelLabel="Keep going"
          pending={cancel.isPending}
          onConfirm={() => cancel.mutate(call)}
          onCancel={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
