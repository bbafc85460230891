import { Badge, Card, EmptyState, ErrorState, LoadingState, useEndpointQuery } from '@groupflow/shell-kit';
import { workspaceFeedEndpoints as fa } from '@groupflow/core/contracts';
import { api, groupParams, liveGroupRead } from '../robloxApi.ts';
import { FeedLine } from './FeedLine.tsx';
import { Figure } from './Figure.tsx';
import { minutesText, when } from './format.ts';
import type { WorkspaceData } from './useWorkspace.ts';

/** Activity (spec 1 sections 2.12 and 2.13): tracking figures, the typed feed, the games and the reported stays. */
export function ActivityTab({ groupId, stats }: { groupId: string; stats: WorkspaceData['stats'] }) {
  const feed = useEndpointQuery(fa.activityFeed, groupParams(groupId), liveGroupRead(groupId));
  const games = useEndpointQuery(api.groupActivity, groupParams(groupId), liveGroupRead(groupId));
  const sessions = useEndpointQuery(api.groupActivitySessions, groupParams(groupId), liveGroupRead(groupId));
  return (
    <>
      <h1>Activity</h1>
      <div className="grid-3">
        <Figure label="Tracked Members" value={stats.data?.trackedMembers} />
        <Figure label="In Game Now" value={stats.data?.activeStaff} />
        <Figure label="Minutes Today" value={stats.data?.minutesToday} />
      </div>
      <Card title="Activity feed">
        {feed.isLoading ? (
          <LoadingState label="Loading the feed" />
        ) : feed.isError ? (
          <ErrorState message="Failed to load the feed." onRetry={() => void feed.refetch()} />
        ) : (feed.data ?? []).length === 0 ? (
          <EmptyState title="Nothing yet" description="Sessions, promotions and applications show here." />
        ) : (
          <ul className="rb-list" aria-label="Activity feed">
            {(feed.data ?? []).map((entry) => (
              <li key={entry.id} className="rb-row">
                <FeedLine entry={entry} />
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Games (last 7 days)">
        {games.isLoading ? (
          <LoadingState label="Loading games" />
        ) : games.isError ? (
          <ErrorState message="Failed to load activity." onRetry={() => void games.refetch()} />
        ) : (games.data ?? []).length === 0 ? (
          <EmptyState title="No game sessions reported yet" />
        ) : (
          <ul className="rb-list" aria-label="Games">
            {(games.data ?? []).map((row) => (
              <li key={row.id} className="rb-row">
                <span className="rb-grow">
                  <strong>{row.gameName}</strong>{' '}
                  <span className="muted small">
                    {row.playerCount} players · {row.sessionCount} sessions
                  </span>
                </span>
                <span>{minutesText(row.sessionDuration)}</span>
                <Badge tone={row.activePlayers ? 'success' : 'neutral'}>{row.activePlayers} now</Badge>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Session feed">
        {sessions.isLoading ? (
          <LoadingState label="Loading sessions" />
        ) : sessions.isError ? (
          <ErrorState message="Failed to load the sessions." onRetry={() => void sessions.refetch()} />
        ) : (sessions.data ?? []).length === 0 ? (
          <EmptyState title="No sessions yet" />
        ) : (
          <ul className="rb-list" aria-label="Session feed">
            {(sessions.data ?? []).map((row) => (
              <li key={row.id} className="rb-row" data-testid="session-row">
                <span className="rb-grow">
                  <strong>{row.username}</strong>{' '}
                  <span className="muted small">
                    {row.placeId ? `Place ${row.placeId}` : 'Unknown place'} · {when(row.startedAt)}
                  </span>
                </span>
                <span>{minutesText(row.minutes)}</span>
                <Badge tone={row.endedAt ? (row.closedBy === 'cap' ? 'warning' : 'neutral') : 'success'}>
                  {row.endedAt ? (row.closedBy === 'cap' ? 'closed by cap' : 'ended') : 'in game'}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
