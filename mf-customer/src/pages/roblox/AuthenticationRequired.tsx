import type { ReactNode } from 'react';
import { Link } from '@groupflow/shell-kit/router';

/** What a Roblox screen shows a visitor who is not signed in: sign in with Discord, or go home. */
export function AuthenticationRequired({ children }: { children?: ReactNode }) {
  return (
    <main className="page container stack center">
      <h1>Authentication Required</h1>
      {children}
      <div className="row" style={{ justifyContent: 'center' }}>
        <a className="btn btn-primary" href="/auth/discord">
          Login with Discord
        </a>
        <Link className="btn btn-outline" to="/">
          Return to Home
        </Link>
      </div>
    </main>
  );
}
