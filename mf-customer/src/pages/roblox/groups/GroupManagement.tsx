import { API } from '@groupflow/core/contracts';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from '@groupflow/shell-kit/router';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  RequireCustomer,
  useCustomer,
  useEndpointQuery,
  useToast,
  QueryView,
} from '@groupflow/shell-kit';
import type { UserGroup } from '@groupflow/core/contracts';
import { AppLayoutIfSignedIn } from '../../../shared/AppSidebar.tsx';
import { statusOf } from '../robloxApi.ts';
import { AuthenticationRequired } from '../AuthenticationRequired.tsx';
import GroupWorkspace from '../workspace/GroupWorkspace.tsx';
import { GroupPicker, pickableGroups } from '../workspace/GroupPicker.tsx';
import { DEMO_GROUP, useListConnectedGroups } from '../workspace/useWorkspace.ts';
import { AddGroupDialog } from './AddGroupDialog.tsx';
import { LinkForm } from './LinkForm.tsx';
import { RankAccessDialog } from './RankAccessDialog.tsx';
import '../roblox.css';

/**
 * /group-management (spec 1 section 2.13): the user's Roblox groups and connecting them; with `?group=ID` the
 * group's workspace, the same screen as /group-workspace (issue 26), opened on Home (issue 36).
 */
export default function GroupManagement() {
  const [searchParams] = useSearchParams();
  return searchParams.get('group') ? (
    <GroupWorkspace />
  ) : (
    <AppLayoutIfSignedIn>
      <RequireCustomer loading="Loading..." signedOut={<AuthenticationRequired />}>
        <GroupLists />
      </RequireCustomer>
    </AppLayoutIfSignedIn>
  );
}

function GroupLists() {
  const toast = useToast();
  const [searchParams, setSearchParams] = useSearchParams();
  const linked = Boolean(useCustomer().robloxId);
  const connectedQuery = useListConnectedGroups(linked);
  const userGroupsQuery = useEndpointQuery(API.roblox.listUserGroups, undefined, {
    enabled: linked,
  });
  const [adding, setAdding] = useState(false);
  const [configuring, setConfiguring] = useState<UserGroup | null>(null);

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

  const open = (groupId: string) =>
    setSearchParams((params) => {
      params.set('group', groupId);
      return params;
    });
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
            <GroupPicker value={null} connected={connectedQuery.data} />
            <Button onClick={() => setAdding(true)}>Add Group</Button>
          </div>
        )}
      </div>
      {!linked ? (
        <LinkForm />
      ) : (
        <div className="grid-2">
          <Card title="Your Roblox Groups">
            <QueryView
              query={userGroupsQuery}
              loading="Loading groups"
              error="Failed to fetch your Roblox groups. Please try again."
              isEmpty={(rows) => rows.length === 0}
              empty={<EmptyState title="No Groups Found" />}
            >
              {(rows) => (
                <ul className="rb-list">
                  {rows.map((group) => (
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
            </QueryView>
          </Card>
          <Card title="Connected Groups">
            <QueryView
              query={connectedQuery}
              loading="Loading connected groups"
              error="API Connection Error: Unable to load group data. Please try refreshing the page."
            >
              {(connected) => (
                <ul className="rb-list">
                  {pickableGroups(connected).map((group) => (
                    <li key={group.groupId}>
                      <button type="button" className="rb-group" onClick={() => open(group.groupId)}>
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
            </QueryView>
          </Card>
        </div>
      )}
      {adding && <AddGroupDialog onClose={() => setAdding(false)} />}
      {configuring && <RankAccessDialog group={configuring} onClose={() => setConfiguring(null)} />}
    </main>
  );
}
