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
} from '@groupflow/shell-kit';
import { AlertDialog } from '@groupflow/shell-kit/dialog';
import { Field, Form, SubmitButton, useZodForm, type FormValues } from '@groupflow/shell-kit/form';
import { SelectField } from '@groupflow/shell-kit/select-field';
import {
  QUOTA_KINDS,
  quotaSchema,
  timeOffBodySchema,
  workspaceQuotaEndpoints as qa,
  type QuotaProgressWire,
} from '@groupflow/core/contracts';
import { api, groupKey, groupParams, liveGroupRead, messageOf, statusOf } from '../robloxApi.ts';
import { NumberInput } from './numberInput.tsx';

type QuotaForm = FormValues<typeof quotaSchema>;
type TimeOffForm = FormValues<typeof timeOffBodySchema>;
type Quota = QuotaProgressWire['quotas'][number];

const KIND_LABELS: Record<(typeof QUOTA_KINDS)[number], string> = {
  'minutes-in-game': 'Minutes in game',
  'sessions-hosted': 'Sessions hosted',
  'sessions-attended': 'Sessions attended',
};

/**
 * The Quotas tab: this week's progress per member (who is behind, who is excused by time off), the quota list
 * managers edit, and time off (request, and approve or decline for managers). The server decides who may do what.
 */
export function QuotasTab({ groupId }: { groupId: string }) {
  const [week, setWeek] = useState('');
  const progress = useEndpointQuery(qa.quotaProgress, { params: { groupId }, query: week ? { week } : {} });
  // Settings answer managers only: their status tells the screen whether to offer manager actions.
  const settings = useEndpointQuery(api.groupSettings, groupParams(groupId), liveGroupRead(groupId));
  const manager = settings.isSuccess;
  const data = progress.data;
  const behind = (data?.members ?? []).filter((member) => member.behind).length;
  return (
    <>
      <div className="spread">
        <h1>Quotas</h1>
        <label className="row small">
          Week of
          <input className="input" type="date" value={week} onChange={(event) => setWeek(event.target.value)} />
        </label>
      </div>
      {data && !data.enabled && (
        <p className="muted small">
          The quota system is off for this group (Settings): progress is shown, nobody is marked behind.
        </p>
      )}
      <Card
        title={
          data
            ? `Progress ${data.week.firstDay} to ${data.week.lastDay}${behind ? ` · ${behind} behind` : ''}`
            : 'Progress'
        }
      >
        {progress.isLoading ? (
          <LoadingState label="Loading quota progress" />
        ) : progress.isError ? (
          <ErrorState
            message={messageOf(progress.error) ?? 'Failed to load the progress.'}
            onRetry={() => void progress.refetch()}
          />
        ) : (data?.members ?? []).length === 0 ? (
          <EmptyState
            title="Nobody to measure yet"
            description={
              (data?.quotas ?? []).length === 0
                ? 'Add a quota below for the ranks it applies to.'
                : 'No member with a quota rank has been seen in the game yet.'
            }
          />
        ) : (
          <ul className="rb-list" aria-label="Quota progress">
            {data!.members.map((member) => (
              <li key={member.userId} className="rb-row" style={{ display: 'block' }}>
                <div className="row">
                  <strong className="rb-grow">{member.username}</strong>
                  <span className="muted small">{member.rankName ?? ''}</span>
                  {member.excused ? (
                    <Badge>Excused</Badge>
                  ) : member.behind ? (
                    <Badge tone="warning">Behind</Badge>
                  ) : member.progress.every((entry) => entry.met) ? (
                    <Badge tone="success">On track</Badge>
                  ) : null}
                </div>
                {member.progress.map((entry) => (
                  <div key={entry.quotaId} className="rb-progress">
                    <span>{entry.name}</span>
                    <progress
                      className={entry.met ? undefined : 'rb-behind'}
                      max={entry.amount}
                      value={Math.min(entry.value, entry.amount)}
                      aria-label={`${member.username}: ${entry.name}`}
                    />
                    <span>
                      {entry.value} / {entry.amount} ({entry.percent}%)
                    </span>
                  </div>
                ))}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <QuotaList groupId={groupId} quotas={data?.quotas ?? []} manager={manager} />
      <TimeOffCard groupId={groupId} manager={manager} />
    </>
  );
}

function QuotaList({ groupId, quotas, manager }: { groupId: string; quotas: Quota[]; manager: boolean }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const ranks = useEndpointQuery(api.groupRanks, groupParams(groupId), {
    enabled: manager,
  });
  const [removing, setRemoving] = useState<Quota | null>(null);
  const form = useZodForm(quotaSchema, {
    defaultValues: { name: '', kind: 'minutes-in-game', amount: 60, rankIds: [] },
  });
  const save = useMutation({
    mutationFn: (next: QuotaForm[]) => apiClient.call(qa.replaceQuotas, { params: { groupId }, body: next as never }),
    onSuccess: async () => {
      toast({ title: 'Quotas saved', variant: 'success' });
      setRemoving(null);
      form.reset();
      await queryClient.invalidateQueries({ queryKey: groupKey(qa.quotaProgress, groupId) });
    },
    onError: (error) =>
      toast({ title: 'Error', description: messageOf(error) ?? 'Failed to save the quotas', variant: 'destructive' }),
  });
  const plain = quotas.map(({ id: _id, ...quota }) => quota);
  const chosen = form.watch('rankIds') ?? [];
  const rankName = (rankId: number) => ranks.data?.find((rank) => rank.rankId === rankId)?.rankName ?? `Rank ${rankId}`;
  return (
    <Card title="Quotas">
      {quotas.length === 0 ? (
        <EmptyState title="No quotas yet" />
      ) : (
        <ul className="rb-list" aria-label="Quotas">
          {quotas.map((quota) => (
            <li key={quota.id} className="rb-row">
              <span className="rb-grow">
                <strong>{quota.name}</strong>{' '}
                <span className="muted small">
                  {quota.amount} {KIND_LABELS[quota.kind].toLowerCase()} a week ·{' '}
                  {quota.rankIds.map(rankName).join(', ')}
                </span>
              </span>
              {manager && (
                <Button variant="ghost" aria-label={`Remove ${quota.name}`} onClick={() => setRemoving(quota)}>
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {manager && (
        <Form
          form={form}
          className="stack"
          onSubmit={(quota) => save.mutateAsync([...plain, quota]).catch(() => undefined)}
        >
          <div className="grid-3">
            <Field<QuotaForm> name="name" label="Quota name">
              {(control) => <input className="input" placeholder="Weekly patrol minutes" {...control} />}
            </Field>
            <SelectField<QuotaForm>
              name="kind"
              label="Measure"
              options={QUOTA_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
            />
            <Field<QuotaForm> name="amount" label="Per week">
              {(control) => <NumberInput control={control} min={1} />}
            </Field>
          </div>
          <fieldset className="rb-ranks">
            <legend className="small">Ranks it applies to</legend>
            {ranks.isLoading && <span className="muted small">Loading ranks...</span>}
            {(ranks.data ?? [])
              .filter((rank) => rank.rankId > 0)
              .map((rank) => (
                <label key={rank.rankId} className="row small">
                  <input
                    type="checkbox"
                    checked={chosen.includes(rank.rankId)}
                    onChange={(event) =>
                      form.setValue(
                        'rankIds',
                        event.target.checked
                          ? [...chosen, rank.rankId]
                          : chosen.filter((rankId) => rankId !== rank.rankId),
                        { shouldValidate: true },
                      )
                    }
                  />
                  {rank.rankName}
                </label>
              ))}
            {form.formState.errors.rankIds && (
              <span role="alert" className="small" style={{ color: 'var(--danger)' }}>
                {form.formState.errors.rankIds.message}
              </span>
            )}
          </fieldset>
          <div className="row rb-end">
            <SubmitButton pendingLabel="Saving...">Add quota</SubmitButton>
          </div>
        </Form>
      )}
      {removing && (
        <AlertDialog
          title={`Remove "${removing.name}"?`}
          description="Progress against it stops showing at once."
          confirmLabel="Remove"
          pendingLabel="Removing..."
          pending={save.isPending}
          danger
          onConfirm={() => save.mutate(plain.filter((_, index) => quotas[index]!.id !== removing.id))}
          onCancel={() => setRemoving(null)}
        />
      )}
    </Card>
  );
}

function TimeOffCard({ groupId, manager }: { groupId: string; manager: boolean }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const list = useEndpointQuery(qa.timeOff, groupParams(groupId), liveGroupRead(groupId));
  const form = useZodForm(timeOffBodySchema, { defaultValues: { startDate: '', endDate: '', reason: '' } });
  const [declining, setDeclining] = useState<number | null>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: groupKey(qa.timeOff, groupId) });
    await queryClient.invalidateQueries({ queryKey: groupKey(qa.quotaProgress, groupId) });
  };
  const file = useMutation({
    mutationFn: (body: TimeOffForm) => apiClient.call(qa.requestTimeOff, { params: { groupId }, body }),
    onSuccess: async () => {
      toast({ title: 'Time off requested', description: 'A manager will decide it.', variant: 'success' });
      form.reset();
      await refresh();
    },
    onError: (error) =>
      toast({ title: 'Error', description: messageOf(error) ?? 'Failed to request time off', variant: 'destructive' }),
  });
  const decide = useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'approved' | 'declined' }) =>
      apiClient.call(qa.decideTimeOff, { params: { groupId, id }, body: { status } }),
    onSuccess: async (row) => {
      toast({ title: `Time off ${row.status}`, description: row.username, variant: 'success' });
      setDeclining(null);
      await refresh();
    },
    onError: (error) =>
      toast({ title: 'Error', description: messageOf(error) ?? 'Failed to decide', variant: 'destructive' }),
  });
  return (
    <Card title="Time off">
      <Form form={form} className="stack" onSubmit={(body) => file.mutateAsync(body).catch(() => undefined)}>
        <div className="grid-3">
          <Field<TimeOffForm> name="startDate" label="From">
            {(control) => <input className="input" type="date" {...control} />}
          </Field>
          <Field<TimeOffForm> name="endDate" label="To">
            {(control) => <input className="input" type="date" {...control} />}
          </Field>
          <Field<TimeOffForm> name="reason" label="Reason">
            {(control) => <input className="input" {...control} />}
          </Field>
        </div>
        <div className="row rb-end">
          <SubmitButton pendingLabel="Requesting...">Request time off</SubmitButton>
        </div>
      </Form>
      {list.isLoading ? (
        <LoadingState label="Loading time off" />
      ) : list.isError ? (
        statusOf(list.error) === 403 ? null : (
          <ErrorState message="Failed to load time off." onRetry={() => void list.refetch()} />
        )
      ) : (list.data ?? []).length === 0 ? (
        <EmptyState title="No time-off requests" />
      ) : (
        <ul className="rb-list" aria-label="Time-off requests">
          {(list.data ?? []).map((row) => (
            <li key={row.id} className="rb-row">
              <span className="rb-grow">
                <strong>{row.username}</strong>{' '}
                <span className="muted small">
                  {row.startDate} to {row.endDate} · {row.reason}
                  {row.decidedBy ? ` · ${row.status} by ${row.decidedBy}` : ''}
                </span>
              </span>
              <Badge tone={row.status === 'approved' ? 'success' : row.status === 'declined' ? 'danger' : 'warning'}>
                {row.status}
              </Badge>
              {manager && row.status === 'pending' && (
                <>
                  <Button variant="outline" onClick={() => decide.mutate({ id: row.id, status: 'approved' })}>
                    Approve
                  </Button>
                  <Button variant="ghost" onClick={() => setDeclining(row.id)}>
                    Decline
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {declining !== null && (
        <AlertDialog
          title="Decline this time off?"
          description="The member is told at once."
          confirmLabel="Decline"
          pendingLabel="Declining..."
          pending={decide.isPending}
          danger
          onConfirm={() => decide.mutate({ id: declining, status: 'declined' })}
          onCancel={() => setDeclining(null)}
        />
      )}
    </Card>
  );
}
