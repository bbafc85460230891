import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, QueryView, useEndpointMutation, useEndpointQuery } from '@groupflow/shell-kit';
import { Dialog } from '@groupflow/shell-kit/dialog';
import { Switch } from '@groupflow/shell-kit/switch';
import {
  API,
  MANAGE_RANK,
  RANK_PERMISSION_KEYS,
  type RankPermission,
  type RankPermissionKey,
  type UserGroup,
} from '@groupflow/core/contracts';
import { connectFailureText, groupParams, invalidateRoblox } from '../robloxApi.ts';

const PERMISSION_LABELS: Record<RankPermissionKey, string> = {
  canAccessWorkspace: 'View workspace',
  canRequestTimeoff: 'Request time off',
  canViewModeration: 'View moderation',
  canAssignHostSelf: 'Self-host sessions',
  canAssignHostOthers: 'Assign host to others',
  canAssignCoHostSelf: 'Self co-host',
};

/** "Configure Rank Access" (spec 1 section 2.13): a switch per rank and permission, then the group connects. */
export function RankAccessDialog({ group, onClose }: { group: UserGroup; onClose: () => void }) {
  const queryClient = useQueryClient();
  const ranks = useEndpointQuery(API.roblox.listGroupRanks, groupParams(group.groupId), { retry: 2 });
  const [permissions, setPermissions] = useState<Record<number, RankPermission>>({});
  const permissionOf = (rankId: number, rankName: string): RankPermission =>
    permissions[rankId] ??
    ({
      rankId,
      rankName,
      ...Object.fromEntries(
        RANK_PERMISSION_KEYS.map((key) => [key, key === 'canAccessWorkspace' && rankId >= MANAGE_RANK]),
      ),
    } as RankPermission);
  const connect = useEndpointMutation(API.roblox.connectGroupWithRanks, {
    success: { title: 'Group Connected', description: group.name, variant: 'success' },
    failure: (error) => ({
      title: 'Connection Failed',
      description: connectFailureText(error),
      variant: 'destructive',
    }),
    onSuccess: async () => {
      await invalidateRoblox(queryClient);
      onClose();
    },
  });
  return (
    <Dialog
      title="Configure Rank Access"
      description={`Choose what each rank of ${group.name} may do.`}
      wide
      onClose={onClose}
    >
      <QueryView query={ranks} loading="Loading ranks" error="Failed to load the group's ranks.">
        {(rows) => (
          <div className="stack">
            {rows.map((rank) => {
              const current = permissionOf(rank.rankId, rank.rankName);
              return (
                <Card
                  key={rank.rankId}
                  title={
                    <>
                      {rank.rankName}{' '}
                      <Badge tone={rank.rankId >= MANAGE_RANK ? 'warning' : 'neutral'}>
                        {rank.rankId >= MANAGE_RANK ? 'High Rank' : 'Member'}
                      </Badge>
                    </>
                  }
                  titleAs="h3"
                >
                  {RANK_PERMISSION_KEYS.map((key) => (
                    <Switch
                      key={key}
                      label={PERMISSION_LABELS[key]}
                      checked={current[key]}
                      onCheckedChange={(value) =>
                        setPermissions({ ...permissions, [rank.rankId]: { ...current, [key]: value } })
                      }
                    />
                  ))}
                </Card>
              );
            })}
            <div className="row rb-end">
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button
                pending={connect.isPending}
                pendingLabel="Connecting..."
                onClick={() =>
                  connect.mutate({
                    body: {
                      groupId: group.groupId,
                      activityTracking: true,
                      autoRank: false,
                      quotaSystem: true,
                      rankPermissions: rows.map((rank) => permissionOf(rank.rankId, rank.rankName)),
                    },
                  })
                }
              >
                Connect Group
              </Button>
            </div>
          </div>
        )}
      </QueryView>
    </Dialog>
  );
}
