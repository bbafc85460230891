import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useToast } from '@groupflow/shell-kit';
import { useCurrentUser, useLoginErrorToast, useLogout, USER_KEY } from '../shared/session.ts';
import './customer.css';

/**
 * The sign-in parts of /roblox-login (spec 1 section 2.10): the Roblox sign-in button, the Login Failed
 * toast for ?error=, and the signed-in account after ?success=true. The group picker comes with the Roblox area.
 */
export default function RobloxLogin() {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const toast = useToast();
  const logout = useLogout();
  const userQuery = useCurrentUser();
  const [connecting, setConnecting] = useState(false);
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
      .catch(() => toast({ title: 'Error', description: 'Failed to load user data after login.', variant: 'destructive' }));
  }, [success, setSearchParams, queryClient, toast]);

  const user = userQuery.data;
  const linked = user?.robloxId ? user : null;

  return (
    <main className="page cd-center">
      <div className="card cd-status-card stack center">
        <h1>Roblox Group Management</h1>
        {userQuery.isLoading ? (
          <div className="spinner cd-spinner" role="status" aria-label="Loading" />
        ) : linked ? (
          <>
            <div className="cd-server-icon cd-server-placeholder" style={{ width: 64, height: 64, fontSize: '1.5rem' }} aria-hidden="true">
              {(linked.robloxUsername ?? linked.username).charAt(0).toUpperCase()}
            </div>
            <div>
              <strong>{linked.robloxUsername}</strong>
              <div className="muted small">@{linked.robloxUsername}</div>
            </div>
            <div className="row cd-justify-center">
              <a className="btn btn-outline" href={`https://www.roblox.com/users/${linked.robloxId}/profile`} target="_blank" rel="noreferrer">
                View Profile
              </a>
              <button type="button" className="btn btn-outline" onClick={() => void logout()}>
                Logout
              </button>
            </div>
          </>
        ) : (
          <>
            <p className="muted">Sign in with Roblox to manage the groups you run.</p>
            <div>
              <button
                type="button"
                className="btn btn-primary btn-lg"
                disabled={connecting}
                onClick={() => {
                  setConnecting(true);
                  window.location.href = '/auth/roblox';
                }}
              >
                {connecting ? 'Connecting...' : 'Login with Roblox'}
              </button>
            </div>
          </>
        )}
      </div>
    </main>
  );
}
