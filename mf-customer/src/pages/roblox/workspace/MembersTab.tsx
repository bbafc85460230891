import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  ErrorState,
  LoadingState,
  apiClient,
  useToast,
  useEndpointQuery,
  QueryView,
} from '@groupflow/shell-kit';
import { Dialog } from '@groupflow/shell-kit/dialog';
import { Field, Form, SubmitButton, useZodForm, type FormValues } from '@groupflow/shell-kit/form';
import { SelectField } from '@groupflow/shell-kit/select-field';
import { rankChangeBodySchema, workspaceEndpoints as ws } from '@groupflow/core/contracts';
import { api, groupKey, groupParams, liveGroupRead, messageOf, statusOf } from '../robloxApi.ts';
import { when } from './format.ts';

type RankForm = FormValues<typeof rankChangeBodySchema>;

/**
 * The workspace's Members tab: every member GroupFlow knows with their rank, a Change rank dialog (through the
 * group's Open Cloud key; the server keeps managers below their own rank) and the audit trail of rank changes.
 */
export function MembersTab({ groupId }: { groupId: string }) {
  const members = useEndpointQuery(api.groupMembers, groupParams(groupId), liveGroupRead(groupId));
  const audit = useEndpointQuery(ws.rankAudit, groupParams(groupId), liveGroupRead(groupId));
  const [ranking, setRanking] = useState<{ userId: string; username: string; rankId: number | null } | null>(null);
  return (
    <>
      <h1>Members</h1>
      <Card title="Members">
        <QueryView
          query={members}
          loading="Loading members"
          error="Failed to load the members."
          isEmpty={(rows) => rows.length === 0}
          empty={<EmptyState title="No members yet" description="Members appear once they report from the game." />}
        >
          {(rows) => (
            <ul className="rb-list" aria-label="Members">
              {rows.map((member) => (
                <li key={member.userId} className="rb-row">
                  <span className="rb-grow">
                    <strong>{member.username}</strong>{' '}
                    <span className="muted small">
                      {member.rank ?? 'No rank'}
                      {member.rankId !== null ? ` (${member.rankId})` : ''}
                    </span>
                  </span>
                  <Badge tone={member.isTracked ? 'success' : 'neutral'}>
                    {member.isTracked ? 'Tracked' : 'Not Tracked'}
                  </Badge>
                  <Button
                    variant="outline"
                    onClick={() =>
                      setRanking({ userId: member.userId, username: member.username, rankId: member.rankId })
                    }
                  >
                    Change rank
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </Card>
      <Card title="Rank audit trail">
        {audit.isLoading ? (
          <LoadingState label="Loading the audit trail" />
        ) : audit.isError ? (
          statusOf(audit.error) === 403 ? (
            <p className="muted small">Only managers see the audit trail.</p>
          ) : (
            <ErrorState message="Failed to load the audit trail." onRetry={() => void audit.refetch()} />
          )
        ) : (audit.data ?? []).length === 0 ? (
          <EmptyState title="No rank changes yet" />
        ) : (
          <ul className="rb-list" aria-label="Rank audit trail">
            {(audit.data ?? []).map((entry) => (
              <li key={entry.id} className="rb-row">
                <span className="rb-grow">
                  <strong>{entry.targetName}</strong> {entry.fromRoleName ?? 'No rank'} → {entry.toRoleName}
                  <span className="muted small rb-block">
                    by {entry.actorName} · {when(entry.createdAt)} · {entry.reason}
                    {entry.error ? ` · ${entry.error}` : ''}
                  </span>
                </span>
                <Badge tone={entry.result === 'succeeded' ? 'success' : 'danger'}>{entry.result}</Badge>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {ranking && <RankDialog groupId={groupId} member={ranking} onClose={() => setRanking(null)} />}
    </>
  );
}

function RankDialog({
  groupId,
  member,
  onClose,
}: {
  groupId: string;
  member: { userId: string; username: string; rankId: number | null };
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const ranks = useEndpointQuery(api.groupRanks, groupParams(groupId));
  const form = useZodForm(rankChangeBodySchema, {
    defaultValues: { rankId: undefined as unknown as number, reason: '' },
  });
  const change = useMutation({
    mutationFn: (body: RankForm) =>
      apiClient.call(ws.rankMember, { params: { groupId, userId: member.userId }, body: body as never }),
    onSuccess: async (entry) => {
      toast({
        title: 'Rank changed',
        description: `${entry.targetName} is now ${entry.toRoleName}`,
        variant: 'success',
      });
      await queryClient.invalidateQueries({ queryKey: groupKey(api.groupMembers, groupId) });
      await queryClient.invalidateQueries({ queryKey: groupKey(ws.rankAudit, groupId) });
      onClose();
    },
    onError: async (error) => {
      toast({
        title: 'Rank not changed',
        description: messageOf(error) ?? 'Please try again.',
        variant: 'destructive',
      });
      // A failed attempt is audited too.
      await queryClient.invalidateQueries({ queryKey: groupKey(ws.rankAudit, groupId) });
    },
  });
  const options = (ranks.data ?? [])
    .filter((rank) => rank.rankId > 0 && rank.rankId !== member.rankId)
    .map((rank) => ({ value: rank.rankId, label: `${rank.rankName} (${rank.rankId})` }));
  return (
    <Dialog
      title={`Change the rank of ${member.username}`}
      description="Roblox applies it through the group's Open Cloud key; you can give ranks below your own."
      onClose={onClose}
    >
      {ranks.isError ? (
        <ErrorState message="Failed to load the group's ranks." onRetry={() => void ranks.refetch()} />
      ) : (
        <Form form={form} className="stack" onSubmit={(body) => change.mutateAsync(body).catch(() => undefined)}>
          <SelectField<RankForm>
            name="rankId"
            label="New rank"
            placeholder={ranks.isLoading ? 'Loading ranks...' : 'Choose a rank'}
            options={options}
          />
          <Field<RankForm> name="reason" label="Reason">
            {(control) => <input className="input" placeholder="Why (kept in the audit trail)" {...control} />}
          </Field>
          <div className="row rb-end">
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <SubmitButton pendingLabel="Changing...">Change rank</SubmitButton>
          </div>
        </Form>
      )}
    </Dialog>
  );
}
