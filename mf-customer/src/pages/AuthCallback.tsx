import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from '@groupflow/shell-kit/router';
import { useQueryClient } from '@tanstack/react-query';
import { apiClient, HttpError } from '@groupflow/shell-kit';
import { API } from '@groupflow/core/contracts';
import { USER_KEY } from '../shared/session.ts';
import './customer.css';

/** Spec 1 sections 4 and 9: first check after 1 s, up to 3 retries 2 s apart, dashboard 2 s after success. */
export const AUTH_CHECK = { firstWaitMs: 1000, retryIntervalMs: 2000, maxRetries: 3, redirectMs: 2000 } as const;

type CheckState =
  { kind: 'checking'; attempt: number } | { kind: 'success'; username: string } | { kind: 'error'; message: string };

async function checkOnce(): Promise<{ ok: true; username: string } | { ok: false; message: string; network: boolean }> {
  try {
    const user = await apiClient.call(API.customer.getUser);
    return { ok: true, username: user.username };
  } catch (error) {
    if (error instanceof HttpError)
      return { ok: false, message: error.serverMessage || 'Authentication failed', network: false };
    return { ok: false, message: 'Failed to verify authentication status', network: true };
  }
}

/** The authentication check screen (/auth/callback and /auth-callback). */
export default function AuthCallback() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<CheckState>({ kind: 'checking', attempt: 0 });
  const [run, setRun] = useState(0);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  const later = useCallback((ms: number, action: () => void) => {
    timers.current.push(setTimeout(action, ms));
  }, []);

  useEffect(() => {
    let cancelled = false;
    const attempt = (retry: number) => {
      void checkOnce().then((result) => {
        if (cancelled) return;
        if (result.ok) {
          setState({ kind: 'success', username: result.username });
          void queryClient.invalidateQueries({ queryKey: USER_KEY });
          later(AUTH_CHECK.redirectMs, () => navigate('/customer-dashboard'));
        } else if (retry < AUTH_CHECK.maxRetries) {
          setState({ kind: 'checking', attempt: retry + 1 });
          later(AUTH_CHECK.retryIntervalMs, () => attempt(retry + 1));
        } else {
          setState({ kind: 'error', message: result.message });
        }
      });
    };
    setState({ kind: 'checking', attempt: 0 });
    later(AUTH_CHECK.firstWaitMs, () => attempt(0));
    return () => {
      cancelled = true;
      timers.current.forEach(clearTimeout);
      timers.current = [];
    };
  }, [run, later, navigate, queryClient]);

  return (
    <main className="page cd-center">
      <div className="card cd-status-card stack center" role="status" aria-live="polite">
        {state.kind === 'checking' && (
          <>
            <div className="spinner cd-spinner" aria-hidden="true" />
            <h1>Checking Authentication</h1>
            <p className="muted">Authentication in progress...</p>
            {state.attempt > 0 && (
              <p className="small muted">
                Retry {state.attempt} of {AUTH_CHECK.maxRetries}
              </p>
            )}
          </>
        )}
        {state.kind === 'success' && (
          <>
            <div className="cd-status-icon cd-status-success" aria-hidden="true">
              ✓
            </div>
            <h1>Authentication Successful!</h1>
            <p className="muted">Welcome, {state.username}. Redirecting to your dashboard...</p>
            <div>
              <button type="button" className="btn btn-primary" onClick={() => navigate('/customer-dashboard')}>
                Continue to Dashboard
              </button>
            </div>
          </>
        )}
        {state.kind === 'error' && (
          <>
            <div className="cd-status-icon cd-status-error" aria-hidden="true">
              !
            </div>
            <h1>Authentication Failed</h1>
            <p className="cd-error-text">{state.message}</p>
            <div className="row cd-justify-center">
              <button type="button" className="btn btn-primary" onClick={() => setRun((value) => value + 1)}>
                Retry
              </button>
              <button type="button" className="btn btn-outline" onClick={() => navigate('/')}>
                Go Home
              </button>
            </div>
          </>
        )}
      </div>
    </main>
  );
}
