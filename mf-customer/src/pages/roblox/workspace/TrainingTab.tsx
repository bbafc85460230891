import { Badge, Card, EmptyState, ErrorState, LoadingState, useEndpointQuery } from '@groupflow/shell-kit';
import { api, groupParams, liveGroupRead } from '../robloxApi.ts';
import { Figure } from './Figure.tsx';
import type { WorkspaceData } from './useWorkspace.ts';

/** Training (spec 1 section 2.13): the group's training sessions with their host, participants and status. */
export function TrainingTab({ groupId, stats }: { groupId: string; stats: WorkspaceData['stats'] }) {
  const training = useEndpointQuery(api.groupTraining, groupParams(groupId), liveGroupRead(groupId));
  const rows = training.data ?? [];
  return (
    <>
      <h1>Training</h1>
      <div className="grid-3">
        <Figure label="Training Sessions" value={stats.data?.trainingSessions} />
      </div>
      <Card title="Training sessions">
        {training.isLoading ? (
          <LoadingState label="Loading training sessions" />
        ) : training.isError ? (
          <ErrorState message="Failed to load the training sessions." onRetry={() => void training.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState title="No training sessions" />
        ) : (
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
      </Card>
    </>
  );
}
