import { useState } from 'react';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  QueryView,
  useEndpointMutation,
  useEndpointQuery,
} from '@groupflow/shell-kit';
import { AlertDialog } from '@groupflow/shell-kit/dialog';
import { Field, Form, SubmitButton, useZodForm, type FormValues, NumberInput } from '@groupflow/shell-kit/form';
import { SelectField } from '@groupflow/shell-kit/select-field';
import { API, QUOTA_KINDS, quotaSchema, timeOffBodySchema, type QuotaProgressWire } from '@groupflow/core/contracts';
import { groupKey, groupParams, liveGroupRead, messageOf, statusOf } from '../robloxApi.ts';
import { RanksField } from './RanksField.tsx';

type QuotaForm = FormValues<typeof quotaSchema>;
type Quota = QuotaProgressWire['quotas'][number];
type MemberProgress = QuotaProgressWire['members'][number];

/** Why Roblox did not confirm a member's rank, as the progress list says it. */
const RANK_UNKNOWN_LABELS: Record<NonNullable<MemberProgress['rankUnknown']>, string> = {
  'not-in-roster': 'Not listed at a quota rank',
  'roster-incomplete': 'Roster too large to read in full',
  'roblox-unavailable': 'Roblox not answering',
};

const KIND_LABELS: Record<(typeof QUOTA_KINDS)[number], string> = {
  'minutes-in-game': 'Minutes in game',
  'sessions-hosted': 'Sessions hosted',
  'sessions-attended': 'Sessions attended',
};

/** Members at a rank Roblox listed now, apart from those it did not confirm (shown, never chased). */
const byConfirmation = (members: MemberProgress[]) => ({
  confirmed: members.filter((member) => member.rankUnknown === null),
  unconfirmed: members.filter((member) => member.rankUnknown !== null),
});

/**
 * The Quotas tab: this week's progress per member (who is behind, who is excused by time off), the quota list
 * managers edit, and time off (request, and approve or decline for managers). The server decides who may do what.
 */
export function QuotasTab({ groupId }: { groupId: string }) {
  const [week, setWeek] = useState('');
  const progress = useEndpointQuery(API.roblox.readQuotaProgress, { params: { groupId }, query: week ? { week } : {} });
  // Settings answer managers only: their status tells the screen whether to offer manager actions.
  const settings = useEndpointQuery(API.roblox.readWorkspaceSettings, groupParams(groupId), liveGroupRead(groupId));
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
        <QueryView
          query={progress}
          loading="Loading quota progress"
          error={(error) => messageOf(error) ?? 'Failed to load the progress.'}
          isEmpty={(answer) => answer.members.length === 0}
          empty={
            <EmptyState
              title="Nobody to measure yet"
              description={
                (data?.quotas ?? []).length === 0
                  ? 'Add a quota below for the ranks it applies to.'
                  : 'Roblox lists nobody at a rank with a quota.'
              }
            />
          }
        >
          {({ members, rosterComplete }) => {
            const { confirmed, unconfirmed } = byConfirmation(members);
            return (
              <>
                {!rosterComplete && (
                  <p className="muted small" role="status">
                    Roblox&apos;s roster could not be read in full: members may be missing, and those GroupFlow knows
                    are shown at their last known rank.
                  </p>
                )}
                <ProgressList label="Quota progress" members={confirmed} />
                {unconfirmed.length > 0 && (
                  <>
                    <h3 className="small">Rank not confirmed by Roblox (not chased)</h3>
                    <ProgressList label="Members whose rank Roblox did not confirm" members={unconfirmed} />
                  </>
                )}
              </>
            );
          }}
        </QueryView>
      </Card>
      <QuotaList groupId={groupId} quotas={data?.quotas ?? []} manager={manager} />
      <TimeOffCard groupId={groupId} manager={manager} />
    </>
  );
}

function ProgressList({ label, members }: { label: string; members: MemberProgress[] }) {
  return (
    <ul className="rb-list" aria-label={label}>
      {members.map((member) => (
        <li key={member.userId} className="rb-row" style={{ display: 'block' }}>
          <div className="row">
            <strong className="rb-grow">{member.username}</strong>
            <span className="muted small">
              {member.rankName && member.rankUnknown ? `last known: ${member.rankName}` : (member.rankName ?? '')}
            </span>
            {member.rankUnknown ? (
              <Badge>{RANK_UNKNOWN_LABELS[member.rankUnknown]}</Badge>
            ) : member.excused ? (
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
  );
}

function QuotaList({ groupId, quotas, manager }: { groupId: string; quotas: Quota[]; manager: boolean }) {
  const ranks = useEndpointQuery(API.roblox.listGroupRanks, groupParams(groupId), {
    enabled: manager,
  });
  const [removing, setRemoving] = useState<Quota | null>(null);
  const form = useZodForm(quotaSchema, {
    defaultValues: { name: '', kind: 'minutes-in-game', amount: 60, rankIds: [] },
  });
  const save = useEndpointMutation(API.roblox.replaceQuotas, {
    invalidates: [groupKey(API.roblox.readQuotaProgress, groupId)],
    success: 'Quotas saved',
    failure: (error) => ({
      title: 'Error',
      description: messageOf(error) ?? 'Failed to save the quotas',
      variant: 'destructive',
    }),
    onSuccess: () => {
      setRemoving(null);
      form.reset();
    },
  });
  // PUT /quotas takes the whole list: the kept quotas and the form's new one, or the list less one removed.
  const listWith = (body: QuotaForm[]) => ({ params: { groupId }, body });
  const plain = quotas.map(({ id: _id, ...quota }) => quota);
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
          onSubmit={(quota) => save.mutateAsync(listWith([...plain, quota])).catch(() => undefined)}
        >
          <div className="grid-3">
            <Field control={form.control} name="name" label="Quota name">
              {(control) => <input className="input" placeholder="Weekly patrol minutes" {...control} />}
            </Field>
            <SelectField
              control={form.control}
              name="kind"
              label="Measure"
              options={QUOTA_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
            />
            <Field control={form.control} name="amount" label="Per week">
              {(control) => <NumberInput control={control} min={1} />}
            </Field>
          </div>
          <RanksField
            control={form.control}
            name="rankIds"
            legend="Ranks it applies to"
            ranks={ranks.data}
            loading={ranks.isLoading}
          />
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
          onConfirm={() => save.mutate(listWith(plain.filter((_, index) => quotas[index]!.id !== removing.id)))}
          onCancel={() => setRemoving(null)}
        />
      )}
    </Card>
  );
}

function TimeOffCard({ groupId, manager }: { groupId: string; manager: boolean }) {
  const list = useEndpointQuery(API.roblox.listTimeOff, groupParams(groupId), liveGroupRead(groupId));
  const form = useZodForm(timeOffBodySchema, { defaultValues: { startDate: '', endDate: '', reason: '' } });
  const [declining, setDeclining] = useState<number | null>(null);
  // Time off excuses a member from this week's quotas: a request or decision changes the progress too.
  const changed = [groupKey(API.roblox.listTimeOff, groupId), groupKey(API.roblox.readQuotaProgress, groupId)];
  const file = useEndpointMutation(API.roblox.requestTimeOff, {
    invalidates: changed,
    success: { title: 'Time off requested', description: 'A manager will decide it.', variant: 'success' },
    failure: (error) => ({
      title: 'Error',
      description: messageOf(error) ?? 'Failed to request time off',
      variant: 'destructive',
    }),
    onSuccess: () => form.reset(),
  });
  const decide = useEndpointMutation(API.roblox.decideTimeOff, {
    invalidates: changed,
    success: (row) => ({ title: `Time off ${row.status}`, description: row.username, variant: 'success' }),
    failure: (error) => ({
      title: 'Error',
      description: messageOf(error) ?? 'Failed to decide',
      variant: 'destructive',
    }),
    onSuccess: () => setDeclining(null),
  });
  const decideAs = (id: number, status: 'approved' | 'declined') =>
    decide.mutate({ params: { groupId, id }, body: { status } });
  return (
    <Card title="Time off">
      <Form
        form={form}
        className="stack"
        onSubmit={(body) => file.mutateAsync({ params: { groupId }, body }).catch(() => undefined)}
      >
        <div className="grid-3">
          <Field control={form.control} name="startDate" label="From">
            {(control) => <input className="input" type="date" {...control} />}
          </Field>
          <Field control={form.control} name="endDate" label="To">
            {(control) => <input className="input" type="date" {...control} />}
          </Field>
          <Field control={form.control} name="reason" label="Reason">
            {(control) => <input className="input" {...control} />}
          </Field>
        </div>
        <div className="row rb-end">
          <SubmitButton pendingLabel="Requesting...">Request time off</SubmitButton>
        </div>
      </Form>
      {/* Only managers read the requests: a member's 403 shows none, not a failure. */}
      {statusOf(list.error) !== 403 && (
        <QueryView
          query={list}
          loading="Loading time off"
          error="Failed to load time off."
          isEmpty={(rows) => rows.length === 0}
          empty={<EmptyState title="No time-off requests" />}
        >
          {(rows) => (
            <ul className="rb-list" aria-label="Time-off requests">
              {rows.map((row) => (
                <li key={row.id} className="rb-row">
                  <span className="rb-grow">
                    <strong>{row.username}</strong>{' '}
                    <span className="muted small">
                      {row.startDate} to {row.endDate} · {row.reason}
                      {row.decidedBy ? ` · ${row.status} by ${row.decidedBy}` : ''}
                    </span>
                  </span>
                  <Badge
                    tone={row.status === 'approved' ? 'success' : row.status === 'declined' ? 'danger' : 'warning'}
                  >
                    {row.status}
                  </Badge>
                  {manager && row.status === 'pending' && (
                    <>
                      <Button variant="outline" onClick={() => decideAs(row.id, 'approved')}>
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
        </QueryView>
      )}
      {declining !== null && (
        <AlertDialog
          title="Decline this time off?"
          description="The member is told at once."
          confirmLabel="Decline"
          pendingLabel="Declining..."
          pending={decide.isPending}
          danger
          onConfirm={() => decideAs(declining, 'declined')}
          onCancel={() => setDeclining(null)}
        />
      )}
    </Card>
  );
}
