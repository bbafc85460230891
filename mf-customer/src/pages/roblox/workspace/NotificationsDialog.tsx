import { useQueryClient } from '@tanstack/react-query';
import {
  Badge,
  Button,
  EmptyState,
  QueryView,
  endpointKey,
  useEndpointMutation,
  useEndpointQuery,
} from '@groupflow/shell-kit';
import { Dialog } from '@groupflow/shell-kit/dialog';
import { API } from '@groupflow/core/contracts';
import { LIVE_REFRESH_MS, messageOf } from '../robloxApi.ts';
import { ListLine } from './ListLine.tsx';

export const notificationsKey = endpointKey(API.roblox.listNotifications);

/** The signed-in customer's notifications, for the workspace's Notifications button and its unread count. */
export function useNotifications() {
  return useEndpointQuery(API.roblox.listNotifications, undefined, { refetchInterval: LIVE_REFRESH_MS });
}

const KIND_LABELS: Record<string, string> = {
  'time-off-decided': 'Time off',
  'session-reminder': 'Session',
  'application-received': 'Application',
  'quota-behind': 'Quota',
  'rank-changed': 'Rank',
  'automation-changed': 'Automation',
  'promotion-rule-suspended': 'Promotion rule',
  'open-cloud-key': 'Open Cloud key',
};

export function NotificationsDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const list = useNotifications();
  const unread = (list.data ?? []).filter((entry) => !entry.isRead).map((entry) => entry.id);
  const markRead = useEndpointMutation(API.roblox.markNotificationsRead, {
    failure: (error) => ({
      title: 'Error',
      description: messageOf(error) ?? 'Failed to mark them read',
      variant: 'destructive',
    }),
    onSuccess: (next) => queryClient.setQueryData(notificationsKey, next),
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
                  <ListLine
                    badgeFirst
                    badge={
                      <Badge tone={entry.isRead ? 'neutral' : 'warning'}>{KIND_LABELS[entry.kind] ?? entry.kind}</Badge>
                    }
                    title={entry.isRead ? entry.title : <strong>{entry.title}</strong>}
                    detail={`${entry.message} · ${new Date(entry.createdAt).toLocaleString()}`}
                  />
                </li>
              ))}
            </ul>
            <div className="row rb-end">
              <Button
                variant="outline"
                disabled={unread.length === 0}
                pending={markRead.isPending}
                onClick={() => markRead.mutate({ body: { ids: unread } })}
              >
                Mark all read
              </Button>
            </div>
          </>
        )}
      </QueryView>
      <div className="row rb-end">
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
