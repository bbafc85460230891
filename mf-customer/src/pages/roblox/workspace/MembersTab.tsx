import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Badge,
  type BadgeTone,
  Button,
  Card,
  EmptyState,
  QueryView,
  useEndpointMutation,
  useEndpointQuery,
} from '@groupflow/shell-kit';
import { Dialog } from '@groupflow/shell-kit/dialog';
import { Field, Form, SubmitButton, useZodForm } from '@groupflow/shell-kit/form';
import { SelectField } from '@groupflow/shell-kit/select-field';
import { API, rankChangeBodySchema, type Rank, type RankChangeWire } from '@groupflow/core/contracts';
import { groupKey, groupParams, liveGroupRead, messageOf, statusOf } from '../robloxApi.ts';
import { when } from './format.ts';
import { ListLine } from './ListLine.tsx';

/**
 * The workspace's Members tab: every member GroupFlow knows with their rank, a Change rank dialog (through the
 * group's Open Cloud key; the server keeps managers below their own rank) and the audit trail of rank changes.
 */
/** A skipped change (a suspended promotion rule) asked nothing of Roblox: a warning, not a failure. */
const RESULT_TONES: Record<RankChangeWire['result'], BadgeTone> = {
  succeeded: 'success',
  failed: 'danger',
  skipped: 'warning',
};

export function MembersTab({ groupId }: { groupId: string }) {
  const members = useEndpointQuery(API.roblox.listGroupMembers, groupParams(groupId), liveGroupRead(groupId));
  const audit = useEndpointQuery(API.roblox.readRankAudit, groupParams(groupId), liveGroupRead(groupId));
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
        {statusOf(audit.error) === 403 ? (
          <p className="muted small">Only managers see the audit trail.</p>
        ) : (
          <QueryView
            query={audit}
            loading="Loading the audit trail"
            error="Failed to load the audit trail."
            isEmpty={(entries) => entries.length === 0}
            empty={<EmptyState title="No rank changes yet" />}
          >
            {(entries) => (
              <ul className="rb-list" aria-label="Rank audit trail">
                {entries.map((entry) => (
                  <li key={entry.id} className="rb-row">
                    <ListLine
                      title={
                        <>
                          <strong>{entry.targetName}</strong> {entry.fromRoleName ?? 'No rank'} → {entry.toRoleName}
                        </>
                      }
                      detail={`by ${entry.actorName} · ${when(entry.createdAt)} · ${entry.reason}${entry.error ? ` · ${entry.error}` : ''}`}
                      badge={<Badge tone={RESULT_TONES[entry.result]}>{entry.result}</Badge>}
                    />
                  </li>
                ))}
              </ul>
            )}
          </QueryView>
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
  const ranks = useEndpointQuery(API.roblox.listGroupRanks, groupParams(groupId));
  const form = useZodForm(rankChangeBodySchema, {
    defaultValues: { rankId: undefined, reason: '' },
  });
  const change = useEndpointMutation(API.roblox.changeMemberRank, {
    invalidates: [groupKey(API.roblox.listGroupMembers, groupId), groupKey(API.roblox.readRankAudit, groupId)],
    success: (entry) => ({
      title: 'Rank changed',
      description: `${entry.targetName} is now ${entry.toRoleName}`,
      variant: 'success',
    }),
    failure: (error) => ({
      title: 'Rank not changed',
      description: messageOf(error) ?? 'Please try again.',
      variant: 'destructive',
    }),
    onSuccess: onClose,
    // A failed attempt is audited too.
    onError: () => queryClient.invalidateQueries({ queryKey: groupKey(API.roblox.readRankAudit, groupId) }),
  });
  // While the ranks load, the form shows with "Loading ranks..." in the select; a failure replaces it.
  const rankForm = (rows: Rank[]) => (
    <Form
      form={form}
      className="stack"
      onSubmit={(body) =>
        change.mutateAsync({ params: { groupId, userId: member.userId }, body }).catch(() => undefined)
      }
    >
      <SelectField
        control={form.control}
        name="rankId"
        label="New rank"
        placeholder={ranks.isPending ? 'Loading ranks...' : 'Choose a rank'}
        options={rows
          .filter((rank) => rank.rankId > 0 && rank.rankId !== member.rankId)
          .map((rank) => ({ value: rank.rankId, label: `${rank.rankName} (${rank.rankId})` }))}
      />
      <Field control={form.control} name="reason" label="Reason">
        {(control) => <input className="input" placeholder="Why (kept in the audit trail)" {...control} />}
      </Field>
      <div className="row rb-end">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <SubmitButton pendingLabel="Changing...">Change rank</SubmitButton>
      </div>
    </Form>
  );
  return (
    <Dialog
      title={`Change the rank of ${member.username}`}
      description="Roblox applies it through the group's Open Cloud key; you can give ranks below your own."
      onClose={onClose}
    >
      <QueryView query={ranks} loading={rankForm([])} error="Failed to load the group's ranks.">
        {rankForm}
      </QueryView>
    </Dialog>
  );
}
