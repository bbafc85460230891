import { useEffect } from 'react';
import { useNavigate } from '@groupflow/shell-kit/router';
import './customer.css';

/** Spec 1 section 2.4: where a Discord sign-in lands; the dashboard follows after 3000 ms. */
export const AUTH_SUCCESS_REDIRECT_MS = 3000;

export default function AuthSuccess() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/customer-dashboard'), AUTH_SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <main className="page cd-center">
      <div className="card cd-status-card stack center" role="status">
        <div className="cd-status-icon cd-status-success" aria-hidden="true">
          ✓
        </div>
        <h1>Authentication Successful!</h1>
        <p className="muted">You have been successfully authenticated with Discord. Redirecting to your dashboard...</p>
        <div>
          <button type="button" className="btn btn-primary" onClick={() => navigate('/customer-dashboard')}>
            Go to Dashboard Now
          </button>
        </div>
      </div>
    </main>
  );
}
