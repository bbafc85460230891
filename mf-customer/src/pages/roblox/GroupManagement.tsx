import { useEffect, useState } from 'react';
import { Link, useSearchParams } from '@groupflow/shell-kit/router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, EmptyState, ErrorState, LoadingState, apiClient, useToast } from '@groupflow/shell-kit';
import { Dialog } from '@groupflow/shell-kit/dialog';
import { Select } from '@groupflow/shell-kit/select';
import { Switch } from '@groupflow/shell-kit/switch';
import { Tabs, TabPanel } from '@groupflow/shell-kit/tabs';
import {
  MANAGE_RANK,
  RANK_PERMISSION_KEYS,
  connectGroupSchema,
  linkRobloxSchema,
  newApplicationSchema,
  type ConnectGroupInput,
  type RankPermission,
  type RankPermissionKey,
  type UserGroup,
} from '@groupflow/core/contracts';
import { Field, Form, SubmitButton, useZodForm, type FormValues } from '@groupflow/shell-kit/form';
import { useCurrentUser, USER_KEY } from '../../shared/session.ts';
import {
  api,
  connectFailureText,
  groupWithDefaults,
  linkFailureText,
  messageOf,
  robloxKeys,
  statusOf,
  useGroupQuery,
} from './robloxApi.ts';
import { AuthenticationRequired } from './AuthenticationRequired.tsx';
import { ApplicationReviewDialog } from './ApplicationReviewDialog.tsx';
import { AnalyticsTab } from './WorkspaceAnalytics.tsx';
import './roblox.css';

/** The picker's "All groups" entry: Radix Select reserves the empty value, and group ids are digits. */
const ALL_GROUPS = 'all';
/** Spec 1 section 2.13: shown until the real list loads, or when it is empty. */
const DEMO_GROUP = { groupId: '15567637', name: 'Demo Group', memberCount: 1247 };

const TAB_ITEMS = [
  { value: 'members', label: 'Members' },
  { value: 'activity', label: 'Activity' },
  { value: 'applications', label: 'Applications' },
  { value: 'training', label: 'Training' },
  { value: 'analytics', label: 'Analytics' },
  { value: 'settings', label: 'Settings' },
] as const;
type TabValue = (typeof TAB_ITEMS)[number]['value'];

const PERMISSION_LABELS: Record<RankPermissionKey, string> = {
  canAccessWorkspace: 'View workspace',
  canRequestTimeoff: 'Request time off',
  canViewModeration: 'View moderation',
  canAssignHostSelf: 'Self-host sessions',
  canAssignHostOthers: 'Assign host to others',
  canAssignCoHostSelf: 'Self co-host',
};

/** /group-management (spec 1 section 2.13): the user's Roblox groups, connecting them, and a connected group's records. */
export default function GroupManagement() {
  const toast = useToast();
  const [searchParams, setSearchParams] = useSearchParams();
  const userQuery = useCurrentUser();
  const linked = Boolean(userQuery.data?.robloxId);
  const connectedQuery = useQuery({
    queryKey: robloxKeys.connected(),
    queryFn: () => apiClient.call(api.connectedGroups),
    enabled: linked,
  });
  const userGroupsQuery = useQuery({
    queryKey: robloxKeys.userGroups(),
    queryFn: () => apiClient.call(api.userGroups),
    enabled: linked,
  });
  const [adding, setAdding] = useState(false);
  const [configuring, setConfiguring] = useState<UserGroup | null>(null);
  const selected = searchParams.get('group');

  useEffect(() => {
    if (searchParams.get('roblox_connected') !== 'true') return;
    toast({ title: 'Roblox Account Connected!', variant: 'success' });
    setSearchParams(
      (params) => {
        params.delete('roblox_connected');
        return params;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams, toast]);

  useEffect(() => {
    if (statusOf(connectedQuery.error) === 401)
      toast({
        title: 'Authentication Error',
        description: 'Your session has expired. Please log in again',
        variant: 'destructive',
      });
  }, [connectedQuery.error, toast]);

  const select = (groupId: string | null) =>
    setSearchParams((params) => {
      if (groupId) params.set('group', groupId);
      else params.delete('group');
      return params;
    });

  if (userQuery.isLoading) return <LoadingState label="Loading..." />;
  if (!userQuery.data) return <AuthenticationRequired />;

  const connected = connectedQuery.data ?? [];
  const groupsForPicker = connected.length
    ? connected.map((group) => ({ groupId: group.groupId, name: group.name, memberCount: group.memberCount }))
    : [DEMO_GROUP];
  return (
    <main className="page container stack">
      <div className="spread">
        <h1>Roblox Groups</h1>
        <Link className="btn btn-ghost" to="/add-group">
          Add a group by ID
        </Link>
      </div>
      <div className="spread">
        <Link className="btn btn-ghost" to="/dashboard">
          ← Back to Dashboard
        </Link>
        {linked && (
          <div className="row">
            <label className="label" htmlFor="group-select">
              Group
            </label>
            <Select
              id="group-select"
              options={[
                { value: ALL_GROUPS, label: 'All groups' },
                ...groupsForPicker.map((group) => ({ value: group.groupId, label: group.name })),
              ]}
              value={selected ?? ALL_GROUPS}
              onValueChange={(value) => select(value === ALL_GROUPS ? null : value)}
            />
            <Button onClick={() => setAdding(true)}>Add Group</Button>
          </div>
        )}
      </div>
      {connectedQuery.isError && statusOf(connectedQuery.error) !== 401 && (
        <ErrorState
          message="API Connection Error: Unable to load group data. Please try refreshing the page."
          onRetry={() => void connectedQuery.refetch()}
        />
      )}
      {!linked ? (
        <LinkForm />
      ) : selected ? (
        <SelectedGroup groupId={selected} demo={selected === DEMO_GROUP.groupId && connected.length === 0} />
      ) : (
        <div className="grid-2">
          <Card title="Your Roblox Groups">
            {userGroupsQuery.isLoading ? (
              <LoadingState label="Loading groups" />
            ) : userGroupsQuery.isError ? (
              <ErrorState
                message="Failed to fetch your Roblox groups. Please try again."
                onRetry={() => void userGroupsQuery.refetch()}
              />
            ) : (userGroupsQuery.data ?? []).length === 0 ? (
              <EmptyState title="No Groups Found" />
            ) : (
              <ul className="rb-list">
                {(userGroupsQuery.data ?? []).map((group) => (
                  <li key={group.groupId} className="rb-row">
                    <span className="rb-grow">
                      <strong>{group.name}</strong>{' '}
                      <span className="muted small">
                        {group.role.name} · {group.memberCount.toLocaleString()} members
                      </span>
                    </span>
                    {group.connected ? (
                      <Badge tone="success">Connected</Badge>
                    ) : (
                      <Button
                        variant="outline"
                        disabled={!group.hasAccess}
                        title={group.hasAccess ? undefined : 'Insufficient permissions to manage'}
                        onClick={() => setConfiguring(group)}
                      >
                        Connect
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card title="Connected Groups">
            {connectedQuery.isLoading ? (
              <LoadingState label="Loading connected groups" />
            ) : (
              <ul className="rb-list">
                {groupsForPicker.map((group) => (
                  <li key={group.groupId}>
                    <button type="button" className="rb-group" onClick={() => select(group.groupId)}>
                      <span className="rb-grow">
                        <strong>{group.name}</strong>{' '}
                        <span className="muted small">{group.memberCount.toLocaleString()} members</span>
                      </span>
                      {group === DEMO_GROUP && <Badge tone="warning">Demo</Badge>}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      )}
      {adding && <AddGroupDialog onClose={() => setAdding(false)} />}
      {configuring && <RankAccessDialog group={configuring} onClose={() => setConfiguring(null)} />}
    </main>
  );
}

function LinkForm() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useZodForm(linkRobloxSchema, { defaultValues: { username: '' } });
  const link = useMutation({
    mutationFn: (body: { username: string }) => apiClient.call(api.linkRoblox, { body }),
    onSuccess: async () => {
      toast({ title: 'Roblox Account Linked!', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: USER_KEY });
      await queryClient.invalidateQueries({ queryKey: robloxKeys.all });
    },
    onError: (error) => toast({ title: 'Link Failed', description: linkFailureText(error), variant: 'destructive' }),
  });
  return (
    <Card title="Link your Roblox account">
      <Form form={form} className="row" onSubmit={(body) => link.mutateAsync(body).catch(() => undefined)}>
        <Field<FormValues<typeof linkRobloxSchema>> name="username" label="Roblox username" className="rb-grow">
          {(control) => <input className="input" placeholder="Roblox username" {...control} />}
        </Field>
        <SubmitButton disabled={!form.watch('username')?.trim()} pendingLabel="Linking...">
          Link Account
        </SubmitButton>
      </Form>
      <p className="muted small">
        Then prove it on <Link to="/verify">the verification page</Link> to manage your groups.
      </p>
    </Card>
  );
}

function SelectedGroup({ groupId, demo }: { groupId: string; demo: boolean }) {
  const [tab, setTab] = useState<TabValue>('members');
  const stats = useGroupQuery(api.groupStats, demo ? null : groupId, 'stats');
  const members = useGroupQuery(api.groupMembers, demo ? null : groupId, 'members');
  const activity = useGroupQuery(api.groupActivity, demo ? null : groupId, 'activity');
  const applications = useGroupQuery(api.groupApplications, demo ? null : groupId, 'applications');
  const [reviewing, setReviewing] = useState<{ id: number; applicantName: string; desiredRank: string } | null>(null);
  const training = useGroupQuery(api.groupTraining, demo ? null : groupId, 'training');
  if (demo)
    return (
      <EmptyState
        title="Demo Group"
        description="Connect one of your groups to see its members, activity, applications and training here."
      />
    );
  if (stats.isError)
    return (
      <ErrorState
        message={messageOf(stats.error) ?? 'Failed to load this group.'}
        onRetry={() => void stats.refetch()}
      />
    );
  const list = <T,>(
    query: { isLoading: boolean; isError: boolean; data?: T[] },
    empty: string,
    row: (item: T) => React.ReactNode,
  ) =>
    query.isLoading ? (
      <LoadingState label="Loading" />
    ) : query.isError ? (
      <ErrorState message="Failed to load." />
    ) : (query.data ?? []).length === 0 ? (
      <EmptyState title={empty} />
    ) : (
      <ul className="rb-list">{(query.data ?? []).map(row)}</ul>
    );
  return (
    <>
      <div className="grid-3">
        {[
          ['Total Members', stats.data?.totalMembers],
          ['Active Staff', stats.data?.activeStaff],
          ['Pending Applications', stats.data?.pendingApplications],
          ['Training Sessions', stats.data?.trainingSessions],
        ].map(([label, value]) => (
          <div key={label as string} className="card">
            <div className="muted small">{label}</div>
            <div className="rb-figure">{value ?? '—'}</div>
          </div>
        ))}
      </div>
      <Tabs tabs={TAB_ITEMS} value={tab} onValueChange={setTab} label="Group sections">
        <TabPanel value="members">
          {list(members, 'No members yet', (m) => (
            <li key={m.userId} className="rb-row">
              <span className="rb-grow">
                <strong>{m.username}</strong> <span className="muted small">{m.rank ?? 'Unknown rank'}</span>
              </span>
              <Badge tone={m.isTracked ? 'success' : 'neutral'}>{m.isTracked ? 'Tracked' : 'Not Tracked'}</Badge>
            </li>
          ))}
        </TabPanel>
        <TabPanel value="activity">
          {list(activity, 'No game sessions reported yet', (a) => (
            <li key={a.id} className="rb-row">
              <span className="rb-grow">
                <strong>{a.gameName}</strong>
              </span>
              <span>{a.playerCount} players</span>
              <span>{a.sessionDuration} min</span>
            </li>
          ))}
        </TabPanel>
        <TabPanel value="applications">
          <ApplicationsTab
            groupId={groupId}
            render={(rows) =>
              list(rows, 'No applications', (app) => (
                <li key={app.id} className="rb-row">
                  <span className="rb-grow">
                    <strong>{app.applicantName}</strong> <span className="muted small">{app.desiredRank}</span>
                  </span>
                  <span className={`badge ${app.status === 'pending' ? 'rb-amber' : 'rb-green'}`}>{app.status}</span>
                  {app.status !== 'accepted' && app.status !== 'rejected' && (
                    <Button variant="outline" onClick={() => setReviewing(app)}>
                      Review
                    </Button>
                  )}
                </li>
              ))
            }
            query={applications}
          />
        </TabPanel>
        {reviewing && (
          <ApplicationReviewDialog groupId={groupId} application={reviewing} onClose={() => setReviewing(null)} />
        )}
        <TabPanel value="training">
          {list(training, 'No training sessions', (t) => (
            <li key={t.id} className="rb-row">
              <span className="rb-grow">
                <strong>{t.title}</strong> <span className="muted small">{t.hostName}</span>
              </span>
              <span>{t.participantCount} participants</span>
              <Badge>{t.status}</Badge>
            </li>
          ))}
        </TabPanel>
        <TabPanel value="analytics">
          {demo ? <EmptyState title="Analytics Coming Soon" /> : <AnalyticsTab groupId={groupId} />}
        </TabPanel>
        <TabPanel value="settings">
          <Card title="Bot integration">
            <p className="muted small">Bind this group to a Discord server with /bind-group.</p>
          </Card>
          <Switch label="Activity Tracking" checked disabled />
          <Switch label="Auto Ranking" checked={false} disabled />
          <Switch label="Quota System" checked={false} disabled />
        </TabPanel>
      </Tabs>
    </>
  );
}

function ApplicationsTab<Q>({
  groupId,
  query,
  render,
}: {
  groupId: string;
  query: Q;
  render: (query: Q) => React.ReactNode;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const form = useZodForm(newApplicationSchema, { defaultValues: { applicantName: '', desiredRank: '' } });
  const add = useMutation({
    mutationFn: (body: { applicantName: string; desiredRank: string }) =>
      apiClient.call(api.createApplication, { params: { groupId }, body }),
    onSuccess: async () => {
      form.reset();
      await queryClient.invalidateQueries({ queryKey: robloxKeys.group(groupId, 'applications') });
      await queryClient.invalidateQueries({ queryKey: robloxKeys.group(groupId, 'stats') });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: messageOf(error) ?? 'Failed to record the application',
        variant: 'destructive',
      }),
  });
  const [applicantName, desiredRank] = form.watch(['applicantName', 'desiredRank']);
  return (
    <div className="stack">
      {render(query)}
      <Form form={form} className="row" onSubmit={(body) => add.mutateAsync(body).catch(() => undefined)}>
        <Field<ApplicationForm> name="applicantName" label="Applicant name">
          {(control) => <input className="input" placeholder="Applicant" {...control} />}
        </Field>
        <Field<ApplicationForm> name="desiredRank" label="Desired rank">
          {(control) => <input className="input" placeholder="Desired rank" {...control} />}
        </Field>
        <SubmitButton disabled={!applicantName?.trim() || !desiredRank?.trim()} pendingLabel="Adding...">
          Add application
        </SubmitButton>
      </Form>
    </div>
  );
}

type ApplicationForm = FormValues<typeof newApplicationSchema>;
type AddGroupForm = FormValues<typeof connectGroupSchema>;
const ADD_GROUP_FLAGS = [
  ['activityTracking', 'Activity tracking'],
  ['autoRank', 'Auto rank'],
  ['quotaSystem', 'Quota system'],
] as const;

function AddGroupDialog({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useZodForm(connectGroupSchema, {
    defaultValues: groupWithDefaults(''),
  });
  const add = useMutation({
    mutationFn: (body: ConnectGroupInput) => apiClient.call(api.addGroup, { body }),
    onSuccess: async () => {
      toast({ title: 'Group Added Successfully', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: robloxKeys.all });
      onClose();
    },
    onError: (error) =>
      toast({
        title: 'Connection Failed',
        description: messageOf(error)
          ? connectFailureText(error)
          : 'Failed to connect the Roblox group. Please check the Group ID and try again.',
        variant: 'destructive',
      }),
  });
  return (
    <Dialog title="Add Roblox Group" onClose={onClose}>
      <Form
        form={form}
        className="stack"
        onSubmit={(body) => add.mutateAsync(body).catch(() => undefined)}
        onInvalid={() =>
          toast({
            title: 'Invalid Group ID',
            description: 'Please enter a valid Roblox Group ID.',
            variant: 'destructive',
          })
        }
      >
        <Field<AddGroupForm> name="groupId" label="Group ID">
          {(control) => <input className="input" inputMode="numeric" {...control} />}
        </Field>
        {ADD_GROUP_FLAGS.map(([flag, label]) => (
          <Switch
            key={flag}
            label={label}
            checked={form.watch(flag)}
            onCheckedChange={(value) => form.setValue(flag, value, { shouldDirty: true })}
          />
        ))}
        <div className="row rb-end">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton pendingLabel="Adding...">Add Group</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}

function RankAccessDialog({ group, onClose }: { group: UserGroup; onClose: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const ranks = useQuery({
    queryKey: robloxKeys.ranks(group.groupId),
    queryFn: () => apiClient.call(api.groupRanks, { params: { groupId: group.groupId } }),
    retry: 2,
  });
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
  const connect = useMutation({
    mutationFn: () =>
      apiClient.call(api.connectGroup, {
        body: {
          groupId: group.groupId,
          activityTracking: true,
          autoRank: false,
          quotaSystem: true,
          rankPermissions: (ranks.data ?? []).map((rank) => permissionOf(rank.rankId, rank.rankName)),
        },
      }),
    onSuccess: async () => {
      toast({ title: 'Group Connected', description: group.name, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: robloxKeys.all });
      onClose();
    },
    onError: (error) =>
      toast({ title: 'Connection Failed', description: connectFailureText(error), variant: 'destructive' }),
  });
  return (
    <Dialog
      title="Configure Rank Access"
      description={`Choose what each rank of ${group.name} may do.`}
      wide
      onClose={onClose}
    >
      {ranks.isLoading ? (
        <LoadingState label="Loading ranks" />
      ) : ranks.isError ? (
        <ErrorState message="Failed to load the group's ranks." onRetry={() => void ranks.refetch()} />
      ) : (
        <div className="stack">
          {(ranks.data ?? []).map((rank) => {
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
            <Button pending={connect.isPending} pendingLabel="Connecting..." onClick={() => connect.mutate()}>
              Connect Group
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
