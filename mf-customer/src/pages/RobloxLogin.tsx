import { API } from '@groupflow/core/contracts';
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from '@groupflow/shell-kit/router';
import type { ReactNode } from 'react';
import {
  Badge,
  Button,
  EmptyState,
  LoadingState,
  QueryView,
  RequireCustomer,
  apiClient,
  useToast,
  useEndpointQuery,
} from '@groupflow/shell-kit';
import type { PublicCustomerWire, UserGroup } from '@groupflow/core/contracts';
import { useLoginErrorToast, useLogout, USER_KEY } from '../shared/session.ts';
import { connectFailureText, groupWithDefaults } from './roblox/robloxApi.ts';
import { readRobloxUser, storeRobloxUser, storeSelectedGroup } from './roblox/workspaceStore.ts';
import './customer.css';
import './roblox/roblox.css';

/**
 * /roblox-login (spec 1 section 2.10): Roblox sign-in, the signed-in account, and the group picker: groups the
 * user can manage first, the others dimmed. Picking a manageable group connects it when it is not yet connected
 * (the workspace's figures live on the server), stores it and opens /group-workspace.
 */
export default function RobloxLogin() {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const toast = useToast();
  useLoginErrorToast();
  const success = searchParams.get('success') === 'true';
  useEffect(() => {
    if (!success) return;
    setSearchParams(
      (params) => {
        params.delete('success');
        return params;
      },
      { replace: true },
    );
    queryClient
      .refetchQueries({ queryKey: USER_KEY })
      .then(() => toast({ title: 'Login Successful', variant: 'success' }))
      .catch(() =>
        toast({ title: 'Error', description: 'Failed to load user data after login.', variant: 'destructive' }),
      );
  }, [success, setSearchParams, queryClient, toast]);

  // Viewable signed out (spec 1 section 2.10): a visitor, and a customer with no Roblox account, get the sign-in.
  return (
    <main className="page container stack" style={{ maxWidth: 820 }}>
      <RequireCustomer
        loading={
          <AccountCard>
            <LoadingState label="Loading" />
          </AccountCard>
        }
        error="Failed to load your account."
        signedOut={<RobloxSignIn />}
      >
        {(customer) => (customer.robloxId ? <RobloxAccount customer={customer} /> : <RobloxSignIn />)}
      </RequireCustomer>
    </main>
  );
}

/** A group's initial, name and one line about it, as the group lists show each group. */
function GroupSummary({ group, detail }: { group: UserGroup; detail: string }) {
  return (
    <>
      <span className="rb-avatar" aria-hidden="true">
        {group.name.charAt(0).toUpperCase()}
      </span>
      <span className="rb-grow">
        <strong>{group.name}</strong>
        <span className="muted small" style={{ display: 'block' }}>
          {detail}
        </span>
      </span>
    </>
  );
}

/** The page's top card: its title over the account, or over the sign-in. */
function AccountCard({ children }: { children: ReactNode }) {
  return (
    <div className="card stack center">
      <h1>Roblox Group Management</h1>
      {children}
    </div>
  );
}

function RobloxSignIn() {
  const [connecting, setConnecting] = useState(false);
  return (
    <AccountCard>
      <p className="muted">Sign in with Roblox to manage the groups you run.</p>
      <div>
        <Button
          size="lg"
          pending={connecting}
          pendingLabel="Connecting..."
          onClick={() => {
            setConnecting(true);
            window.location.href = '/auth/roblox';
          }}
        >
          Login with Roblox
        </Button>
      </div>
    </AccountCard>
  );
}

/** A customer with a Roblox account: who they are on Roblox, and their groups to pick from. */
function RobloxAccount({ customer }: { customer: PublicCustomerWire }) {
  const navigate = useNavigate();
  const toast = useToast();
  const logout = useLogout();
  const [opening, setOpening] = useState<string | null>(null);
  const profileQuery = useEndpointQuery(API.roblox.readRobloxProfile, undefined, {
    placeholderData: () => readRobloxUser() ?? undefined,
  });
  // The fetched profile is kept for the next visit (spec 1 section 2.10 restores the stored user).
  const fetchedProfile = profileQuery.isPlaceholderData ? undefined : profileQuery.data;
  useEffect(() => {
    if (fetchedProfile) storeRobloxUser(fetchedProfile);
  }, [fetchedProfile]);
  const groupsQuery = useEndpointQuery(API.roblox.listUserGroups);

  useEffect(() => {
    if (groupsQuery.isError)
      toast({
        title: 'Error Loading Groups',
        description: 'Failed to fetch your Roblox groups. Please try again.',
        variant: 'destructive',
      });
  }, [groupsQuery.isError, toast]);

  const open = async (group: UserGroup) => {
    setOpening(group.groupId);
    try {
      if (!group.connected) {
        await apiClient.call(API.roblox.connectGroup, { body: groupWithDefaults(group.groupId) });
        toast({
          title: 'Group Connected',
          description: `${group.name} is connected to GroupFlow.`,
          variant: 'success',
        });
      }
      storeSelectedGroup(group);
      toast({ title: 'Group Selected', description: group.name });
      navigate('/group-workspace');
    } catch (error) {
      toast({ title: 'Connection Failed', description: connectFailureText(error), variant: 'destructive' });
    } finally {
      setOpening(null);
    }
  };

  const profile = profileQuery.data;
  return (
    <>
      <AccountCard>
        {profile?.profileImageUrl ? (
          <img
            src={profile.profileImageUrl}
            alt=""
            width={64}
            height={64}
            className="rb-avatar"
            style={{ width: 64, height: 64, margin: '0 auto' }}
          />
        ) : (
          <span className="rb-avatar" style={{ width: 64, height: 64, margin: '0 auto' }} aria-hidden="true">
            {(customer.robloxUsername ?? '?').charAt(0).toUpperCase()}
          </span>
        )}
        <div>
          <strong>{profile?.displayName ?? customer.robloxUsername}</strong>
          <div className="muted small">@{profile?.username ?? customer.robloxUsername}</div>
        </div>
        <div className="row" style={{ justifyContent: 'center' }}>
          <a
            className="btn btn-outline"
            href={`https://www.roblox.com/users/${customer.robloxId}/profile`}
            target="_blank"
            rel="noreferrer"
          >
            View Profile
          </a>
          <Button variant="outline" onClick={() => void logout()}>
            Logout
          </Button>
        </div>
      </AccountCard>

      <section className="stack" aria-busy={groupsQuery.isLoading}>
        <QueryView
          query={groupsQuery}
          loading="Loading your groups..."
          error="Failed to fetch your Roblox groups. Please try again."
          isEmpty={(groups) => groups.length === 0}
          empty={
            <EmptyState
              title="No Groups Found"
              description="Join or create a Roblox group to manage it here."
              action={
                <a
                  className="btn btn-outline"
                  href="https://www.roblox.com/communities"
                  target="_blank"
                  rel="noreferrer"
                >
                  Explore Groups
                </a>
              }
            />
          }
        >
          {(groups) => {
            const manageable = groups.filter((group) => group.hasAccess);
            const others = groups.filter((group) => !group.hasAccess);
            return (
              <>
                {manageable.length === 0 && (
                  <div className="alert" role="status">
                    <strong>No Management Access</strong> — you need a rank of 100 or more, or a manager role, in one of
                    your groups.
                  </div>
                )}
                {manageable.length > 0 && (
                  <div className="card stack">
                    <h2 className="card-title">Groups You Can Manage ({manageable.length})</h2>
                    <ul className="rb-list">
                      {manageable.map((group) => (
                        <li key={group.groupId}>
                          <button
                            type="button"
                            className="rb-group"
                            disabled={opening !== null}
                            onClick={() => void open(group)}
                            aria-busy={opening === group.groupId}
                          >
                            <GroupSummary
                              group={group}
                              detail={`${group.role.name} · ${group.memberCount.toLocaleString()} members`}
                            />
                            {group.connected ? <Badge tone="success">Connected</Badge> : <Badge>Not connected</Badge>}
                          </button>
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
                {others.length > 0 && (
                  <div className="card stack">
                    <h2 className="card-title">Other Groups ({others.length})</h2>
                    <ul className="rb-list">
                      {others.map((group) => (
                        <li key={group.groupId}>
                          <div className="rb-group rb-group-dimmed" aria-disabled="true">
                            <GroupSummary
                              group={group}
                              detail={`${group.role.name} · Insufficient permissions to manage`}
                            />
                          </div>
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
              </>
            );
          }}
        </QueryView>
      </section>
    </>
  );
}
