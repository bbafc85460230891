import { API } from '@groupflow/core/contracts';
import { Badge, Card, EmptyState, QueryView, useEndpointQuery } from '@groupflow/shell-kit';
import { groupParams, liveGroupRead } from '../robloxApi.ts';
import { Figure } from './Figure.tsx';
import type { WorkspaceData } from './useWorkspace.ts';

/** Training (spec 1 section 2.13): the group's training sessions with their host, participants and status. */
export function TrainingTab({ groupId, stats }: { groupId: string; stats: WorkspaceData['stats'] }) {
  const training = useEndpointQuery(API.roblox.listTraining, groupParams(groupId), liveGroupRead(groupId));
  return (
    <>
      <h1>Training</h1>
      <div className="grid-3">
        <Figure label="Training Sessions" value={stats.data?.trainingSessions} />
      </div>
      <Card title="Training sessions">
        <QueryView
          query={training}
          loading="Loading training sessions"
          error="Failed to load the training sessions."
          isEmpty={(rows) => rows.length === 0}
          empty={<EmptyState title="No training sessions" />}
        >
          {(rows) => (
            <ul className="rb-list" aria-label="Training sessions">
              {rows.map((row) => (
                <li key={row.id} className="rb-row">
                  <span className="rb-grow">
                    <strong>{row.title}</strong> <span className="muted small">{row.hostName}</span>
                  </span>
                  <span>{row.participantCount} participants</span>
                  <Badge>{row.status}</Badge>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </Card>
    </>
  );
}
