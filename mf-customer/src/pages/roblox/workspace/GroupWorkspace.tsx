import { useState } from 'react';
import { Link, useNavigate } from '@groupflow/shell-kit/router';
import {
  Button,
  Card,
  EmptyState,
  errorCode,
  RequireCustomer,
  useCustomer,
  useDescribeError,
} from '@groupflow/shell-kit';
import { AppLayout } from '../../../shared/AppSidebar.tsx';
import { PROVE_ACCOUNT_CODES } from '../../../errorTexts.ts';
import { AddAccountDialog } from '../AddAccountDialog.tsx';
import { AuthenticationRequired } from '../AuthenticationRequired.tsx';
import { clearWorkspace } from '../workspaceStore.ts';
import { ActivityTab } from './ActivityTab.tsx';
import { AnalyticsTab } from './AnalyticsTab.tsx';
import { ApplicationsTab } from './ApplicationsTab.tsx';
import { DocsTab } from './DocsTab.tsx';
import { GroupPicker } from './GroupPicker.tsx';
import { HomeTab } from './HomeTab.tsx';
import { MembersTab } from './MembersTab.tsx';
import { NotificationsDialog, useNotifications } from './NotificationsDialog.tsx';
import { QuotasTab } from './QuotasTab.tsx';
import { SessionsTab } from './SessionsTab.tsx';
import { SettingsTab } from './SettingsTab.tsx';
import { TrainingTab } from './TrainingTab.tsx';
import { useChosenGroupId, useListConnectedGroups, useWorkspace } from './useWorkspace.ts';
import '../roblox.css';

/** The sections of spec 1 section 2.12's workspace and of section 2.13's group view, one list. */
const TABS = [
  'Home',
  'Activity',
  'Members',
  'Applications',
  'Training',
  'Quotas',
  'Sessions',
  'Docs',
  'Analytics',
  'Settings',
] as const;
export type WorkspaceTab = (typeof TABS)[number];

/** Where the workspace's way back leads: the groups page, with the lists of groups. */
const GROUPS_PAGE = '/group-management';

/**
 * The one group workspace (spec 1 sections 2.12 and 2.13, issue 26): /group-workspace, /workspace and the groups
 * page's /group-management?group=ID all show it, for the group the URL names (or the one last picked), on Home.
 */
export default function GroupWorkspace() {
  return (
    <RequireCustomer loading="Loading workspace..." signedOut={<AuthenticationRequired />}>
      {(customer) => (
        // Issue 36: the workspace sits in the customer app layout, so the sidebar and phone drawer stay with it.
        <AppLayout user={customer}>
          <ChosenWorkspace />
        </AppLayout>
      )}
    </RequireCustomer>
  );
}

/**
 * With no group chosen the workspace stays itself (issue 36: the "Group Workspace" item opens a page of that
 * name), offering the picker instead of sending the visitor to the Roblox sign-in.
 */
function ChosenWorkspace() {
  const groupId = useChosenGroupId();
  const connected = useListConnectedGroups(Boolean(useCustomer().robloxId));
  if (!groupId)
    return (
      <div className="stack">
        <h1>Group Workspace</h1>
        <GroupPicker value={null} connected={connected.data} />
        <EmptyState
          title="Choose a group"
          description="Pick one of your connected groups above to open its workspace."
          action={
            <Link className="btn btn-primary" to={GROUPS_PAGE}>
              Back to Groups
            </Link>
          }
        />
      </div>
    );
  return <Workspace key={groupId} groupId={groupId} />;
}

function Workspace({ groupId }: { groupId: string }) {
  const navigate = useNavigate();
  const workspace = useWorkspace(groupId);
  const [tab, setTab] = useState<WorkspaceTab>('Home');
  const [notifying, setNotifying] = useState(false);
  const notifications = useNotifications();
  const unread = (notifications.data ?? []).filter((entry) => !entry.isRead).length;
  const { stats } = workspace;
  // Every tab reads its records afresh when it opens (useGroupQuery); the shared figures follow it.
  const open = (item: WorkspaceTab) => {
    setTab(item);
    void stats.refetch();
  };

  // Spec 1 section 2.12's logout forgets the Roblox user, the group and the role; it keeps the GroupFlow session,
  // so issue 36 names it for what it does.
  const leave = () => {
    clearWorkspace();
    navigate(GROUPS_PAGE);
  };

  return (
    <div className="rb-workspace">
      <header className="rb-head">
        <div className="rb-title">
          <strong>{workspace.name}</strong>
          <span className="muted small rb-live" aria-live="polite">
            {stats.data ? `${stats.data.activeStaff} in game now` : 'Connecting...'}
          </span>
        </div>
        <GroupPicker value={groupId} connected={workspace.connected.data} />
      </header>
      <nav className="rb-sidebar" aria-label="Workspace">
        <Link className="btn btn-ghost rb-nav" to={GROUPS_PAGE}>
          ← Back to Groups
        </Link>
        {TABS.map((item) => (
          <button
            key={item}
            type="button"
            className="btn btn-ghost rb-nav"
            aria-current={tab === item ? 'page' : undefined}
            onClick={() => open(item)}
          >
            {item}
          </button>
        ))}
        <Button variant="ghost" className="rb-nav" onClick={() => setNotifying(true)}>
          Notifications{unread > 0 ? ` (${unread})` : ''}
        </Button>
        <Button variant="ghost" className="rb-nav" onClick={leave}>
          Leave workspace
        </Button>
      </nav>
      <div className="rb-main">
        {workspace.demo ? (
          <EmptyState
            title="Demo Group"
            description="Connect one of your groups to see its members, activity, applications and training here."
          />
        ) : workspace.forbidden ? (
          <NoAccess refusal={workspace.refusal} onVerified={() => void workspace.group.refetch()} />
        ) : (
          <>
            {tab === 'Home' && <HomeTab groupId={groupId} greeting={workspace.greeting} stats={stats} />}
            {tab === 'Activity' && <ActivityTab groupId={groupId} stats={stats} />}
            {tab === 'Members' && <MembersTab groupId={groupId} />}
            {tab === 'Applications' && <ApplicationsTab groupId={groupId} stats={stats} />}
            {tab === 'Training' && <TrainingTab groupId={groupId} stats={stats} />}
            {tab === 'Quotas' && <QuotasTab groupId={groupId} />}
            {tab === 'Sessions' && <SessionsTab groupId={groupId} />}
            {tab === 'Docs' && <DocsTab groupId={groupId} />}
            {tab === 'Analytics' && <AnalyticsTab groupId={groupId} />}
            {tab === 'Settings' && <SettingsTab groupId={groupId} />}
          </>
        )}
      </div>
      {notifying && <NotificationsDialog onClose={() => setNotifying(false)} />}
    </div>
  );
}

/** The server refused this workspace: its reason, a way to prove the Roblox account, and the way back. */
function NoAccess({ refusal, onVerified }: { refusal: unknown; onVerified: () => void }) {
  const [verifying, setVerifying] = useState(false);
  const describe = useDescribeError();
  const code = errorCode(refusal);
  return (
    <Card title="No access to this workspace">
      <p>{describe(refusal)}</p>
      <div className="row">
        {code !== undefined && PROVE_ACCOUNT_CODES.has(code) ? (
          <Button onClick={() => setVerifying(true)}>Verify Account</Button>
        ) : null}
        <Link className="btn btn-outline" to={GROUPS_PAGE}>
          Back to Groups
        </Link>
      </div>
      {verifying && <AddAccountDialog codeLength={6} onClose={() => setVerifying(false)} onVerified={onVerified} />}
    </Card>
  );
}
