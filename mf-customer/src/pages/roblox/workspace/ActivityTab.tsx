import { Badge, Card, EmptyState, QueryView, useEndpointQuery } from '@groupflow/shell-kit';
import { API } from '@groupflow/core/contracts';
import { groupParams, liveGroupRead } from '../robloxApi.ts';
import { FeedLine } from './FeedLine.tsx';
import { Figure } from './Figure.tsx';
import { minutesText, when } from './format.ts';
import type { WorkspaceData } from './useWorkspace.ts';

/** Activity (spec 1 sections 2.12 and 2.13): tracking figures, the typed feed, the games and the reported stays. */
export function ActivityTab({ groupId, stats }: { groupId: string; stats: WorkspaceData['stats'] }) {
  const feed = useEndpointQuery(API.roblox.readActivityFeed, groupParams(groupId), liveGroupRead(groupId));
  const games = useEndpointQuery(API.roblox.readGroupActivity, groupParams(groupId), liveGroupRead(groupId));
  const sessions = useEndpointQuery(API.roblox.listActivitySessions, groupParams(groupId), liveGroupRead(groupId));
  return (
    <>
      <h1>Activity</h1>
      <div className="grid-3">
        <Figure label="Tracked Members" value={stats.data?.trackedMembers} />
        <Figure label="In Game Now" value={stats.data?.activeStaff} />
        <Figure label="Minutes Today" value={stats.data?.minutesToday} />
      </div>
      <Card title="Activity feed">
        <QueryView
          query={feed}
          loading="Loading the feed"
          error="Failed to load the feed."
          isEmpty={(entries) => entries.length === 0}
          empty={<EmptyState title="Nothing yet" description="Sessions, promotions and applications show here." />}
        >
          {(entries) => (
            <ul className="rb-list" aria-label="Activity feed">
              {entries.map((entry) => (
                <li key={entry.id} className="rb-row">
                  <FeedLine entry={entry} />
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </Card>
      <Card title="Games (last 7 days)">
        <QueryView
          query={games}
          loading="Loading games"
          error="Failed to load activity."
          isEmpty={(rows) => rows.length === 0}
          empty={<EmptyState title="No game sessions reported yet" />}
        >
          {(rows) => (
            <ul className="rb-list" aria-label="Games">
              {rows.map((row) => (
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
        </QueryView>
      </Card>
      <Card title="Session feed">
        <QueryView
          query={sessions}
          loading="Loading sessions"
          error="Failed to load the sessions."
          isEmpty={(rows) => rows.length === 0}
          empty={<EmptyState title="No sessions yet" />}
        >
          {(rows) => (
            <ul className="rb-list" aria-label="Session feed">
              {rows.map((row) => (
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
        </QueryView>
      </Card>
    </>
  );
}
