import { useEffect } from 'react';
import { useNavigate } from '@groupflow/shell-kit/router';
import { useCurrentCustomer } from '@groupflow/shell-kit';
import './customer.css';

/** Where sign-in lands: the page the sidebar highlights as Overview. */
export const SIGNED_IN_HOME = '/customer-dashboard';

/**
 * Spec 1 section 2.4's page after a Discord sign-in. Issue 36 replaced its fixed 3000 ms wait: the dashboard
 * follows as soon as GET /api/user confirms the session, so no sign-in waits on a timer.
 */
export default function AuthSuccess() {
  const navigate = useNavigate();
  const session = useCurrentCustomer();
  const confirmed = Boolean(session.data);
  useEffect(() => {
    if (confirmed) navigate(SIGNED_IN_HOME, { replace: true });
  }, [confirmed, navigate]);
  return (
    <main className="page cd-center">
      <div className="card cd-status-card stack center" role="status">
        <div className="cd-status-icon cd-status-success" aria-hidden="true">
          ✓
        </div>
        <h1>Authentication Successful!</h1>
        <p className="muted">You have been successfully authenticated with Discord. Redirecting to your dashboard...</p>
        <div>
          <button type="button" className="btn btn-primary" onClick={() => navigate(SIGNED_IN_HOME)}>
            Go to Dashboard Now
          </button>
        </div>
      </div>
    </main>
  );
}
