import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, EmptyState, apiClient, useToast, QueryView, endpointKey } from '@groupflow/shell-kit';
import { Dialog } from '@groupflow/shell-kit/dialog';
import { workspaceEndpoints as ws } from '@groupflow/core/contracts';
import { LIVE_REFRESH_MS, messageOf } from '../robloxApi.ts';

export const notificationsKey = endpointKey(ws.notifications);

/** The signed-in customer's notifications, for the workspace's Notifications button and its unread count. */
export function useNotifications() {
  return useQuery({
    queryKey: notificationsKey,
    queryFn: () => apiClient.call(ws.notifications),
    refetchInterval: LIVE_REFRESH_MS,
  });
}

const KIND_LABELS: Record<string, string> = {
  'time-off-decided': 'Time off',
  'session-reminder': 'Session',
  'application-received': 'Application',
  'quota-behind': 'Quota',
  'rank-changed': 'Rank',
};

export function NotificationsDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const list = useNotifications();
  const unread = (list.data ?? []).filter((entry) => !entry.isRead).map((entry) => entry.id);
  const markRead = useMutation({
    mutationFn: (ids: number[]) => apiClient.call(ws.markNotificationsRead, { body: { ids } }),
    onSuccess: (next) => queryClient.setQueryData(notificationsKey, next),
    onError: (error) =>
      toast({ title: 'Error', description: messageOf(error) ?? 'Failed to mark them read', variant: 'destructive' }),
  });
  return (
    <Dialog title="Notifications" onClose={onClose} wide>
      <QueryView
        query={list}
        loading="Loading notifications"
        error="Failed to load notifications."
        isEmpty={(rows) => rows.length === 0}
        empty={
          <EmptyState
            title="No notifications"
            description="Rank changes, time off decisions and reminders show here."
          />
        }
      >
        {(rows) => (
          <>
            <ul className="rb-list" aria-label="Notifications">
              {rows.map((entry) => (
                <li key={entry.id} className="rb-row">
                  <Badge tone={entry.isRead ? 'neutral' : 'warning'}>{KIND_LABELS[entry.kind] ?? entry.kind}</Badge>
                  <span className="rb-grow">
                    {entry.isRead ? entry.title : <strong>{entry.title}</strong>}
                    <span className="muted small rb-block">
                      {entry.message} · {new Date(entry.createdAt).toLocaleString()}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
            <div className="row rb-end">
              <Button
                variant="outline"
                disabled={unread.length === 0}
                pending={markRead.isPending}
                onClick={() => markRead.mutate(unread)}
              >
                Mark all read
              </Button>
            </div>
          </>
        )}
      </QueryView>
    </Dialog>
  );
}
