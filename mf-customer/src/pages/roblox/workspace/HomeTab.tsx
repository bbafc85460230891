import { useState } from 'react';
import { Badge, Button, Card, EmptyState, QueryView, useEndpointQuery } from '@groupflow/shell-kit';
import { API, type EndpointResponse } from '@groupflow/core/contracts';
import { groupParams, liveGroupRead } from '../robloxApi.ts';
import { FeedLine } from './FeedLine.tsx';
import { Figure } from './Figure.tsx';
import { ListLine } from './ListLine.tsx';
import { minutesText, when } from './format.ts';
import { ScheduleDialog } from './ScheduleDialog.tsx';
import { useScheduledSessions } from './SessionsTab.tsx';
import type { WorkspaceData } from './useWorkspace.ts';

/** Spec 1 section 2.12: the Home tab's Recent Activity shows five items, and so many upcoming sessions. */
const RECENT_ITEMS = 5;

type GroupStats = EndpointResponse<typeof API.roblox.readGroupStats>;

const isUpcoming = (row: { status: string }) => row.status === 'scheduled';

/** Home (spec 1 section 2.12): the greeting, the group's figures, recent activity and the upcoming sessions. */
export function HomeTab({
  groupId,
  greeting,
  stats,
}: {
  groupId: string;
  greeting: string;
  stats: WorkspaceData['stats'];
}) {
  const sessions = useEndpointQuery(API.roblox.listActivitySessions, groupParams(groupId), liveGroupRead(groupId));
  const training = useScheduledSessions(groupId);
  const [scheduling, setScheduling] = useState(false);
  const feed = useEndpointQuery(API.roblox.readActivityFeed, groupParams(groupId), liveGroupRead(groupId));
  // The five latest things: the group's typed feed and the game's reported stays, by time.
  const recent = [
    ...(feed.data ?? []).map((entry) => ({
      key: entry.id,
      at: Date.parse(entry.at),
      node: <FeedLine entry={entry} />,
    })),
    ...(sessions.data ?? []).map((row) => ({
      key: `stay-${row.id}`,
      at: Date.parse(row.endedAt ?? row.startedAt),
      node: (
        <ListLine
          title={
            <>
              <strong>{row.username}</strong> {row.endedAt ? `played ${minutesText(row.minutes)}` : 'is in game'}
            </>
          }
          detail={when(row.startedAt)}
          badge={row.endedAt ? <Badge>ended</Badge> : <Badge tone="success">in game</Badge>}
        />
      ),
    })),
  ]
    .sort((a, b) => b.at - a.at)
    .slice(0, RECENT_ITEMS);
  // Recent Activity has two sources: it is loaded, failed or empty as the pair is.
  const recentQuery = {
    isPending: sessions.isPending || feed.isPending,
    isError: sessions.isError || feed.isError,
    error: sessions.error ?? feed.error,
    data: sessions.data && feed.data ? recent : undefined,
    refetch: () => Promise.all([sessions.refetch(), feed.refetch()]),
  };
  const figures = (data: GroupStats | undefined) => (
    <div className="grid-3" aria-busy={stats.isLoading}>
      <Figure label="Total Members" value={data?.totalMembers.toLocaleString()} />
      <Figure label="Active Staff" value={data?.activeStaff} />
      <Figure label="Sessions Today" value={data?.sessionsToday} />
      <Figure label="Applications" value={data?.pendingApplications} />
    </div>
  );
  return (
    <>
      <h1>Welcome back, {greeting}</h1>
      {/* Loading, the figures show their dashes; a failure shows with Retry instead of empty figures. */}
      <QueryView query={stats} loading={figures(undefined)} error="Failed to load the workspace figures.">
        {figures}
      </QueryView>
      <div className="grid-2">
        <Card title="Recent Activity">
          <QueryView
            query={recentQuery}
            loading="Loading activity"
            error="Failed to load recent activity."
            isEmpty={(items) => items.length === 0}
            empty={
              <EmptyState
                title="No activity yet"
                description="Add the tracking script to your game (Settings) and sessions appear here."
              />
            }
          >
            {(items) => (
              <ul className="rb-list" aria-label="Recent Activity">
                {items.map((item) => (
                  <li key={item.key} className="rb-row">
                    {item.node}
                  </li>
                ))}
              </ul>
            )}
          </QueryView>
        </Card>
        <Card title="Upcoming Sessions" actions={<Button onClick={() => setScheduling(true)}>Schedule Session</Button>}>
          <QueryView
            query={training}
            loading="Loading sessions"
            error="Failed to load the sessions."
            isEmpty={(rows) => !rows.some(isUpcoming)}
            empty={<EmptyState title="No sessions scheduled" />}
          >
            {(rows) => (
              <ul className="rb-list">
                {rows
                  .filter(isUpcoming)
                  .slice(0, RECENT_ITEMS)
                  .map((row) => (
                    <li key={row.id} className="rb-row">
                      <span className="rb-grow">
                        <strong>{row.title}</strong>{' '}
                        <span className="muted small">
                          {row.host ? `by ${row.host.username}` : 'no host yet'} · {when(row.startsAt)} ·{' '}
                          {row.signups.length}/{row.slots} signed up
                        </span>
                      </span>
                      <Badge>{row.type}</Badge>
                    </li>
                  ))}
              </ul>
            )}
          </QueryView>
        </Card>
      </div>
      {scheduling && <ScheduleDialog groupId={groupId} onClose={() => setScheduling(false)} />}
    </>
  );
}
