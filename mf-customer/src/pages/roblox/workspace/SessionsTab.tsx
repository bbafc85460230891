import { useState } from 'react';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  QueryView,
  useEndpointMutation,
  useEndpointQuery,
  type ToastInput,
} from '@groupflow/shell-kit';
import { AlertDialog } from '@groupflow/shell-kit/dialog';
import { API } from '@groupflow/core/contracts';
import { ScheduleDialog } from './ScheduleDialog.tsx';
import { groupKey, groupParams, liveGroupRead, messageOf } from '../robloxApi.ts';
import { when } from './format.ts';

const failed = (error: unknown): ToastInput => ({
  title: 'Error',
  description: messageOf(error) ?? 'Please try again.',
  variant: 'destructive',
});

/** The scheduled sessions, soonest first, as every workspace tab reads them. */
export const useScheduledSessions = (groupId: string) =>
  useEndpointQuery(API.roblox.listSessions, groupParams(groupId), liveGroupRead(groupId));

/**
 * The Sessions tab: upcoming sessions with their host, co-host and slots; Host, Co-host and Sign up as the
 * member's rank allows (the server decides and says why not), and Start or Cancel for managers.
 */
export function SessionsTab({ groupId }: { groupId: string }) {
  const sessions = useScheduledSessions(groupId);
  const [scheduling, setScheduling] = useState(false);
  const [cancelling, setCancelling] = useState<number | null>(null);
  const rows = sessions.data ?? [];
  const refreshed = { invalidates: [groupKey(API.roblox.listSessions, groupId)], failure: failed };
  const seat = useEndpointMutation(API.roblox.assignSessionHost, refreshed);
  const signup = useEndpointMutation(API.roblox.signUpForSession, { ...refreshed, success: 'Signed up' });
  const status = useEndpointMutation(API.roblox.changeTrainingStatus, {
    ...refreshed,
    onSuccess: () => setCancelling(null),
  });
  const session = (id: number) => ({ groupId, id });
  return (
    <>
      <div className="spread">
        <h1>Sessions</h1>
        <Button onClick={() => setScheduling(true)}>Schedule Session</Button>
      </div>
      <div className="grid-3">
        <div className="card">
          <div className="muted small">Upcoming</div>
          <div className="rb-figure">{rows.filter((row) => row.status === 'scheduled').length}</div>
        </div>
        <div className="card">
          <div className="muted small">Active</div>
          <div className="rb-figure">{rows.filter((row) => row.status === 'active').length}</div>
        </div>
        <div className="card">
          <div className="muted small">Without a host</div>
          <div className="rb-figure">{rows.filter((row) => !row.host).length}</div>
        </div>
      </div>
      <Card title="Upcoming Sessions">
        <QueryView
          query={sessions}
          loading="Loading sessions"
          error="Failed to load sessions."
          isEmpty={(rows) => rows.length === 0}
          empty={
            <EmptyState
              title="No sessions scheduled"
              action={
                <Button variant="outline" onClick={() => setScheduling(true)}>
                  Schedule Session
                </Button>
              }
            />
          }
        >
          {(rows) => (
            <ul className="rb-list" aria-label="Scheduled sessions">
              {rows.map((row) => (
                <li key={row.id} className="rb-row" style={{ flexWrap: 'wrap' }}>
                  <span className="rb-grow">
                    <strong>{row.title}</strong>{' '}
                    <span className="muted small">
                      {row.type} · {when(row.startsAt)} · {row.durationMinutes} min
                    </span>
                    <span className="muted small rb-block">
                      Host: {row.host?.username ?? 'nobody yet'} · Co-host: {row.coHost?.username ?? 'nobody yet'} ·{' '}
                      {row.signups.length}/{row.slots} signed up
                    </span>
                  </span>
                  <Badge tone={row.status === 'active' ? 'success' : 'neutral'}>{row.status}</Badge>
                  {!row.host && (
                    <Button
                      variant="outline"
                      onClick={() => seat.mutate({ params: session(row.id), body: { role: 'host' } })}
                    >
                      Host
                    </Button>
                  )}
                  {!row.coHost && (
                    <Button
                      variant="outline"
                      onClick={() => seat.mutate({ params: session(row.id), body: { role: 'co-host' } })}
                    >
                      Co-host
                    </Button>
                  )}
                  <Button
                    variant="outline"
                    disabled={row.signups.length >= row.slots}
                    onClick={() => signup.mutate({ params: session(row.id) })}
                  >
                    {row.signups.length >= row.slots ? 'Full' : 'Sign up'}
                  </Button>
                  {row.status === 'scheduled' && (
                    <Button
                      variant="ghost"
                      onClick={() => status.mutate({ params: session(row.id), body: { status: 'active' } })}
                    >
                      Start
                    </Button>
                  )}
                  <Button variant="ghost" onClick={() => setCancelling(row.id)}>
                    Cancel
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </Card>
      {scheduling && <ScheduleDialog groupId={groupId} onClose={() => setScheduling(false)} />}
      {cancelling !== null && (
        <AlertDialog
          title="Cancel this session?"
          description="It leaves the schedule for everyone signed up."
          confirmLabel="Cancel session"
          pendingLabel="Cancelling..."
          pending={status.isPending}
          danger
          onConfirm={() => status.mutate({ params: session(cancelling), body: { status: 'cancelled' } })}
          onCancel={() => setCancelling(null)}
        />
      )}
    </>
  );
}
