import { Link } from '@groupflow/shell-kit/router';

export function NotFound() {
  return (
    <main className="page">
      <div className="container" style={{ maxWidth: 560 }}>
        <div className="card center">
          <h1>404 Page Not Found</h1>
          <p className="muted">Did you forget to add the page to the router?</p>
          <Link to="/" className="btn btn-outline">
            Back to Home
          </Link>
        </div>
      </div>
    </main>
  );
}
