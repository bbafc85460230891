import { Link } from '@groupflow/shell-kit/router';

/** Shown for a route-table path whose screen has not shipped yet, so the route never falls through to 404. */
export function ScreenPlaceholder({ title }: { title: string }) {
  return (
    <main className="page">
      <div className="container" style={{ maxWidth: 620 }}>
        <div className="card">
          <h1 className="card-title">{title}</h1>
          <p className="muted">This screen is not available yet.</p>
          <Link to="/" className="btn btn-outline">
            Back to Home
          </Link>
        </div>
      </div>
    </main>
  );
}
