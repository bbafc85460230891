import { useNavigate } from '@groupflow/shell-kit/router';
import type { PublicCustomerWire as CurrentUser } from '@groupflow/core/contracts';

interface DebugViewProps {
  isLoading: boolean;
  user: CurrentUser | null | undefined;
  error: Error | null;
}

/** Plain view shown for ?test=simple or ?debug=true (spec 1 section 2.2). */
export default function DebugView({ isLoading, user, error }: DebugViewProps) {
  const navigate = useNavigate();
  return (
    <main className="container page">
      <div className="card stack landing-debug">
        <h1>Debug View</h1>
        <p>
          <strong>User loading:</strong> {isLoading ? 'true' : 'false'}
        </p>
        <div>
          <strong>User data:</strong>
          <pre className="landing-debug-pre">{JSON.stringify(user ?? null, null, 2)}</pre>
        </div>
        <div>
          <strong>Error:</strong>
          <pre className="landing-debug-pre">{error ? error.message : 'none'}</pre>
        </div>
        <div>
          <button type="button" className="btn btn-primary" onClick={() => navigate('/')}>
            Back to Home
          </button>
        </div>
      </div>
    </main>
  );
}
