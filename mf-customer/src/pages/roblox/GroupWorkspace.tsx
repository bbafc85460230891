import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { Link, useNavigate } from '@groupflow/shell-kit/router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, EmptyState, ErrorState, LoadingState, apiClient, useToast } from '@groupflow/shell-kit';
import { AlertDialog } from '@groupflow/shell-kit/dialog';
import { Switch } from '@groupflow/shell-kit/switch';
import {
  ACTIVITY_KEY_PLACEHOLDER,
  workspaceFeedEndpoints as fa,
  type feedEntrySchema,
  activityLuauScript,
  authorizedRoleFormSchema,
  QUICK_ADD_ROLES,
  type WorkspaceSettings,
} from '@groupflow/core/contracts';
import { Field, Form, SubmitButton, useZodForm, type FormValues } from '@groupflow/shell-kit/form';
import { AddAccountDialog } from './AddAccountDialog.tsx';
import { ScheduleDialog } from './ScheduleDialog.tsx';
import { MembersTab } from './WorkspaceMembers.tsx';
import { QuotasTab } from './WorkspaceQuotas.tsx';
import { SessionsTab, useScheduledSessions } from './WorkspaceSessions.tsx';
import { DocsTab } from './WorkspaceDocs.tsx';
import { AnalyticsTab } from './WorkspaceAnalytics.tsx';
import { OpenCloudKeyCard } from './OpenCloudKeyCard.tsx';
import { NotificationsDialog, useNotifications } from './NotificationsDialog.tsx';
import { api, LIVE_REFRESH_MS, messageOf, robloxKeys, statusOf, useGroupQuery } from './robloxApi.ts';
import { clearWorkspace, readSelectedGroup, type SelectedGroup } from './workspaceStore.ts';
import './roblox.css';

type FeedEntry = z.infer<typeof feedEntrySchema>;

const TABS = ['Home', 'Activity', 'Members', 'Quotas', 'Sessions', 'Docs', 'Analytics', 'Settings'] as const;
type Tab = (typeof TABS)[number];

const minutesText = (minutes: number) =>
  minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** /group-workspace and /workspace (spec 1 section 2.12): the stored group's workspace, fed by the server. */
export default function GroupWorkspace() {
  const navigate = useNavigate();
  const [stored] = useState<SelectedGroup | null>(() => readSelectedGroup());
  const [tab, setTab] = useState<Tab>('Home');
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    // A short beat lets a fresh navigation read local storage before deciding there is no group.
    const timer = setTimeout(() => setLoading(false), 0);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (!loading && !stored) navigate('/roblox-login', { replace: true });
  }, [loading, stored, navigate]);

  if (loading) return <LoadingState label="Loading workspace..." />;
  if (!stored) {
    return (
      <main className="page container center stack">
        <h1>Group not found</h1>
        <Link className="btn btn-primary" to="/roblox-login">
          Back to Groups
        </Link>
      </main>
    );
  }
  return <Workspace stored={stored} tab={tab} onTab={setTab} />;
}

function Workspace({ stored, tab, onTab }: { stored: SelectedGroup; tab: Tab; onTab: (tab: Tab) => void }) {
  const navigate = useNavigate();
  const groupId = stored.groupId;
  const groupQuery = useGroupQuery(api.connectedGroup, groupId, 'group');
  const statsQuery = useQuery(statsOptions(groupId));
  const [verifying, setVerifying] = useState(false);
  const [notifying, setNotifying] = useState(false);
  const notifications = useNotifications();
  const unread = (notifications.data ?? []).filter((entry) => !entry.isRead).length;
  // A failed group fetch falls back silently to the stored data (spec 1 section 2.12).
  const name = groupQuery.data?.name ?? stored.name;
  const owner =
    groupQuery.data?.ownerDisplayName ?? groupQuery.data?.owner ?? stored.ownerDisplayName ?? stored.owner ?? 'there';
  const forbidden = statusOf(groupQuery.error) === 403 || statusOf(statsQuery.error) === 403;
  const denial = messageOf(groupQuery.error) ?? messageOf(statsQuery.error);

  const logout = () => {
    clearWorkspace();
    navigate('/');
  };

  return (
    <div className="rb-workspace">
      <nav className="rb-sidebar" aria-label="Workspace">
        <strong>{name}</strong>
        <span className="muted small rb-live" aria-live="polite">
          {statsQuery.data ? `${statsQuery.data.activeStaff} in game now` : 'Connecting...'}
        </span>
        {TABS.map((item) => (
          <button
            key={item}
            type="button"
            className="btn btn-ghost rb-nav"
            aria-current={tab === item ? 'page' : undefined}
            onClick={() => onTab(item)}
          >
            {item}
          </button>
        ))}
        <Button variant="ghost" className="rb-nav" onClick={() => setNotifying(true)}>
          Notifications{unread > 0 ? ` (${unread})` : ''}
        </Button>
        <Button variant="ghost" className="rb-nav" aria-label="Log out" onClick={logout}>
          ⎋ Logout
        </Button>
      </nav>
      <main className="rb-main">
        {forbidden ? (
          <Card title="No access to this workspace">
            <p>{denial}</p>
            <div className="row">
              {denial?.includes('not verified') || denial?.includes('not linked') ? (
                <Button onClick={() => setVerifying(true)}>Verify Account</Button>
              ) : null}
              <Link className="btn btn-outline" to="/roblox-login">
                Back to Groups
              </Link>
            </div>
            {verifying && (
              <AddAccountDialog
                codeLength={6}
                onClose={() => setVerifying(false)}
                onVerified={() => void groupQuery.refetch()}
              />
            )}
          </Card>
        ) : (
          <>
            {tab === 'Home' && <HomeTab groupId={groupId} owner={owner} />}
            {tab === 'Activity' && <ActivityTab groupId={groupId} />}
            {tab === 'Members' && <MembersTab groupId={groupId} />}
            {tab === 'Quotas' && <QuotasTab groupId={groupId} />}
            {tab === 'Sessions' && <SessionsTab groupId={groupId} />}
            {tab === 'Docs' && <DocsTab groupId={groupId} />}
            {tab === 'Analytics' && <AnalyticsTab groupId={groupId} />}
            {tab === 'Settings' && <SettingsTab groupId={groupId} />}
          </>
        )}
      </main>
      {notifying && <NotificationsDialog onClose={() => setNotifying(false)} />}
    </div>
  );
}

const statsOptions = (groupId: string) => ({
  queryKey: robloxKeys.group(groupId, 'stats'),
  queryFn: () => apiClient.call(api.groupStats, { params: { groupId } }),
  refetchInterval: LIVE_REFRESH_MS,
  refetchOnMount: 'always' as const,
});

function Figure({ label, value }: { label: string; value: string | number | undefined }) {
  return (
    <div className="card">
      <div className="muted small">{label}</div>
      <div className="rb-figure">{value ?? '—'}</div>
    </div>
  );
}

/** Spec 1 section 2.12: the Home tab's Recent Activity shows five items. */
const RECENT_ITEMS = 5;

const FEED_TONES: Record<FeedEntry['type'], 'neutral' | 'success' | 'warning'> = {
  training: 'neutral',
  patrol: 'neutral',
  promotion: 'success',
  recruitment: 'warning',
  documentation: 'neutral',
};

/** One typed line of the activity feed, with its type badge. */
function FeedLine({ entry }: { entry: FeedEntry }) {
  return (
    <>
      <span className="rb-grow">
        <strong>{entry.title}</strong>
        <span className="muted small" style={{ display: 'block' }}>
          {entry.detail} · {when(entry.at)}
        </span>
      </span>
      <Badge tone={FEED_TONES[entry.type]}>{entry.type}</Badge>
    </>
  );
}

function HomeTab({ groupId, owner }: { groupId: string; owner: string }) {
  const stats = useQuery(statsOptions(groupId));
  const sessions = useGroupQuery(api.groupActivitySessions, groupId, 'sessions');
  const training = useScheduledSessions(groupId);
  const [scheduling, setScheduling] = useState(false);
  const upcoming = (training.data ?? []).filter((row) => row.status === 'scheduled');
  const feed = useGroupQuery(fa.activityFeed, groupId, 'feed');
  // The five latest things: the group's typed feed and the game's reported stays, by time.
  const recent = [
    ...(feed.data ?? []).map((entry) => ({
      key: entry.id,
      at: Date.parse(entry.at),
      node: <FeedLine entry={entry} />,
    })),
    ...(sessions.data ?? []).map((row) => ({
      key: `stay-${row.id}`,
      at: Date.parse(row.endedAt ?? row.startedAt),
      node: (
        <>
          <span className="rb-grow">
            <strong>{row.username}</strong> {row.endedAt ? `played ${minutesText(row.minutes)}` : 'is in game'}
            <span className="muted small" style={{ display: 'block' }}>
              {when(row.startedAt)}
            </span>
          </span>
          {row.endedAt ? <Badge>ended</Badge> : <Badge tone="success">in game</Badge>}
        </>
      ),
    })),
  ]
    .sort((a, b) => b.at - a.at)
    .slice(0, RECENT_ITEMS);
  return (
    <>
      <h1>Welcome back, {owner}</h1>
      {stats.isError && (
        <ErrorState message="Failed to load the workspace figures." onRetry={() => void stats.refetch()} />
      )}
      <div className="grid-3" aria-busy={stats.isLoading}>
        <Figure label="Total Members" value={stats.data?.totalMembers.toLocaleString()} />
        <Figure label="Active Staff" value={stats.data?.activeStaff} />
        <Figure label="Sessions Today" value={stats.data?.sessionsToday} />
        <Figure label="Applications" value={stats.data?.pendingApplications} />
      </div>
      <div className="grid-2">
        <Card title="Recent Activity">
          {sessions.isLoading || feed.isLoading ? (
            <LoadingState label="Loading activity" />
          ) : sessions.isError || feed.isError ? (
            <ErrorState
              message="Failed to load recent activity."
              onRetry={() => void Promise.all([sessions.refetch(), feed.refetch()])}
            />
          ) : recent.length === 0 ? (
            <EmptyState
              title="No activity yet"
              description="Add the tracking script to your game (Settings) and sessions appear here."
            />
          ) : (
            <ul className="rb-list" aria-label="Recent Activity">
              {recent.map((item) => (
                <li key={item.key} className="rb-row">
                  {item.node}
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title="Upcoming Sessions" actions={<Button onClick={() => setScheduling(true)}>Schedule Session</Button>}>
          {training.isLoading ? (
            <LoadingState label="Loading sessions" />
          ) : upcoming.length === 0 ? (
            <EmptyState title="No sessions scheduled" />
          ) : (
            <ul className="rb-list">
              {upcoming.slice(0, 5).map((row) => (
                <li key={row.id} className="rb-row">
                  <span className="rb-grow">
                    <strong>{row.title}</strong>{' '}
                    <span className="muted small">
                      {row.host ? `by ${row.host.username}` : 'no host yet'} · {when(row.startsAt)} ·{' '}
                      {row.signups.length}/{row.slots} signed up
                    </span>
                  </span>
                  <Badge>{row.type}</Badge>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
      {scheduling && <ScheduleDialog groupId={groupId} onClose={() => setScheduling(false)} />}
    </>
  );
}

function ActivityTab({ groupId }: { groupId: string }) {
  const stats = useQuery(statsOptions(groupId));
  const feed = useGroupQuery(fa.activityFeed, groupId, 'feed');
  const games = useGroupQuery(api.groupActivity, groupId, 'activity');
  const sessions = useGroupQuery(api.groupActivitySessions, groupId, 'sessions');
  return (
    <>
      <h1>Activity</h1>
      <div className="grid-3">
        <Figure label="Tracked Members" value={stats.data?.trackedMembers} />
        <Figure label="In Game Now" value={stats.data?.activeStaff} />
        <Figure label="Minutes Today" value={stats.data?.minutesToday} />
      </div>
      <Card title="Activity feed">
        {feed.isLoading ? (
          <LoadingState label="Loading the feed" />
        ) : feed.isError ? (
          <ErrorState message="Failed to load the feed." onRetry={() => void feed.refetch()} />
        ) : (feed.data ?? []).length === 0 ? (
          <EmptyState title="Nothing yet" description="Sessions, promotions and applications show here." />
        ) : (
          <ul className="rb-list" aria-label="Activity feed">
            {(feed.data ?? []).map((entry) => (
              <li key={entry.id} className="rb-row">
                <FeedLine entry={entry} />
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Games (last 7 days)">
        {games.isLoading ? (
          <LoadingState label="Loading games" />
        ) : games.isError ? (
          <ErrorState message="Failed to load activity." onRetry={() => void games.refetch()} />
        ) : (games.data ?? []).length === 0 ? (
          <EmptyState title="No game sessions reported yet" />
        ) : (
          <ul className="rb-list" aria-label="Games">
            {(games.data ?? []).map((row) => (
              <li key={row.id} className="rb-row">
                <span className="rb-grow">
                  <strong>{row.gameName}</strong>{' '}
                  <span className="muted small">
                    {row.playerCount} players · {row.sessionCount} sessions
                  </span>
                </span>
                <span>{minutesText(row.sessionDuration)}</span>
                <Badge tone={row.activePlayers ? 'success' : 'neutral'}>{row.activePlayers} now</Badge>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Session feed">
        {sessions.isLoading ? (
          <LoadingState label="Loading sessions" />
        ) : (sessions.data ?? []).length === 0 ? (
          <EmptyState title="No sessions yet" />
        ) : (
          <ul className="rb-list" aria-label="Session feed">
            {(sessions.data ?? []).map((row) => (
              <li key={row.id} className="rb-row" data-testid="session-row">
                <span className="rb-grow">
                  <strong>{row.username}</strong>{' '}
                  <span className="muted small">
                    {row.placeId ? `Place ${row.placeId}` : 'Unknown place'} · {when(row.startedAt)}
                  </span>
                </span>
                <span>{minutesText(row.minutes)}</span>
                <Badge tone={row.endedAt ? (row.closedBy === 'cap' ? 'warning' : 'neutral') : 'success'}>
                  {row.endedAt ? (row.closedBy === 'cap' ? 'closed by cap' : 'ended') : 'in game'}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}

function SettingsTab({ groupId }: { groupId: string }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const settings = useGroupQuery(api.groupSettings, groupId, 'settings');
  const ranks = useQuery({
    queryKey: robloxKeys.ranks(groupId),
    queryFn: () => apiClient.call(api.groupRanks, { params: { groupId } }),
    retry: 2,
  });
  const roleForm = useZodForm(authorizedRoleFormSchema, { defaultValues: { role: '' } });
  const [rotating, setRotating] = useState(false);
  // A rotated key is answered once and kept only here, for this visit of the tab: the server stores its hash.
  const [newKey, setNewKey] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: Parameters<typeof apiClient.call<typeof api.updateGroupSettings>>[1]['body']) =>
      apiClient.call(api.updateGroupSettings, { params: { groupId }, body }),
    onSuccess: ({ activityKey, ...next }: WorkspaceSettings) => {
      queryClient.setQueryData(robloxKeys.group(groupId, 'settings'), next);
      if (activityKey) setNewKey(activityKey);
      toast({ title: activityKey ? 'Activity key rotated' : 'Settings Saved', variant: 'success' });
      setRotating(false);
    },
    onError: (error) =>
      toast({ title: 'Error', description: messageOf(error) ?? 'Failed to save the settings', variant: 'destructive' }),
  });

  if (settings.isLoading) return <LoadingState label="Loading settings..." />;
  if (settings.isError || !settings.data) {
    return (
      <ErrorState
        message={messageOf(settings.error) ?? 'Failed to load the settings.'}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  const current = settings.data;
  const roleNames = (ranks.data ?? []).map((rank) => rank.rankName);
  const chosen = current.authorizedRoles;
  const candidate = (roleForm.watch('role') ?? '').trim();
  const canAdd = candidate !== '' && !chosen.includes(candidate) && roleNames.includes(candidate);
  const quickAdd = QUICK_ADD_ROLES.filter((name) => !chosen.includes(name)).slice(0, 6);
  const setRoles = (next: string[]) => save.mutate({ authorizedRoles: next });
  const script = activityLuauScript(current.activityEndpoint, newKey ?? ACTIVITY_KEY_PLACEHOLDER);

  const copy = async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Copied!', description: `${what} copied to clipboard` });
    } catch {
      toast({ title: 'Error', description: 'Could not copy; select the text and copy it.', variant: 'destructive' });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([script], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `GroupFlowActivity-${groupId}.server.lua`;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <>
      <h1>Settings</h1>
      <Card title="Features">
        <Switch
          label="Activity tracking"
          checked={current.activityTracking}
          disabled={save.isPending}
          onCheckedChange={(value) => save.mutate({ activityTracking: value })}
        />
        <Switch
          label="Quota system"
          checked={current.quotaSystem}
          disabled={save.isPending}
          onCheckedChange={(value) => save.mutate({ quotaSystem: value })}
        />
        <Switch
          label="Auto promotions"
          checked={current.autoPromotions}
          disabled={save.isPending}
          onCheckedChange={(value) => save.mutate({ autoPromotions: value })}
        />
      </Card>
      <OpenCloudKeyCard groupId={groupId} />
      <Card title="Access Control">
        <p className="muted small">
          {chosen.length === 0
            ? 'No roles added: only managers (rank 100 or more, or a manager role) can open this workspace.'
            : 'These roles can open the workspace, besides managers:'}
        </p>
        <ul className="rb-list" aria-label="Authorized roles">
          {chosen.map((name) => (
            <li key={name} className="rb-row">
              <span className="rb-grow">{name}</span>
              <Button
                variant="ghost"
                aria-label={`Remove ${name}`}
                onClick={() => setRoles(chosen.filter((entry) => entry !== name))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
        <Form
          form={roleForm}
          className="row"
          onSubmit={({ role }) => {
            if (!canAdd) return;
            setRoles([...chosen, role]);
            roleForm.reset();
          }}
        >
          <Field<FormValues<typeof authorizedRoleFormSchema>> name="role" label="Role name" className="rb-grow">
            {(control) => (
              <input
                className="input"
                list="group-roles"
                placeholder="Role name, exactly as in the group"
                {...control}
              />
            )}
          </Field>
          <datalist id="group-roles">
            {roleNames.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <SubmitButton disabled={!canAdd}>Add</SubmitButton>
        </Form>
        <div className="row" aria-label="Quick add">
          {quickAdd.map((name) => (
            <Button
              key={name}
              variant="outline"
              disabled={!roleNames.includes(name)}
              title={roleNames.includes(name) ? undefined : 'This group has no role with that name'}
              onClick={() => setRoles([...chosen, name])}
            >
              + {name}
            </Button>
          ))}
        </div>
      </Card>
      <Card title="Game activity tracking">
        <p className="muted small">
          Put this Script in your game's ServerScriptService and allow HTTP requests: each player's visit is reported to
          GroupFlow and shows up under Activity.
        </p>
        {newKey ? (
          <div className="stack" role="status">
            <p className="small">
              <strong>Your new activity key.</strong> Copy it now: it is shown only this once, and the script below
              already holds it.
            </p>
            <div className="row rb-code-row">
              <code className="rb-key" data-testid="activity-key">
                {newKey}
              </code>
              <Button variant="outline" onClick={() => void copy(newKey, 'Activity key')}>
                Copy key
              </Button>
            </div>
          </div>
        ) : (
          <p className="muted small">
            Activity key <code data-testid="activity-key-prefix">{current.activityKeyPrefix}…</code>: only its first
            characters are kept, so it cannot be shown again. Put your key in place of{' '}
            <code>{ACTIVITY_KEY_PLACEHOLDER}</code>, or rotate to get a new one filled in.
          </p>
        )}
        <pre className="rb-script" aria-label="Tracking script" data-testid="tracking-script">
          {script}
        </pre>
        <div className="row">
          <Button onClick={() => void copy(script, 'Tracking script')}>Copy script</Button>
          <Button variant="outline" onClick={download}>
            Download
          </Button>
          <Button variant="danger" onClick={() => setRotating(true)}>
            Rotate key
          </Button>
        </div>
      </Card>
      {rotating && (
        <AlertDialog
          title="Rotate the activity key?"
          description="The current key stops working at once: every game must get the new script. The new key is shown once."
          confirmLabel="Rotate key"
          pendingLabel="Rotating..."
          pending={save.isPending}
          danger
          onConfirm={() => save.mutate({ rotateActivityKey: true })}
          onCancel={() => setRotating(false)}
        />
      )}
    </>
  );
}
