import type { Context } from 'koa';
import type { CustomerSessionLifetime } from '@groupflow/core';

/** What the cookie session holds besides grant's own OAuth bookkeeping. */
interface CustomerSessionData {
  customerId?: number;
  grant?: unknown;
  signedInAt?: string;
}

const sessionOf = (ctx: Context) => (ctx as Context & { session?: CustomerSessionData | null }).session ?? null;

/** The signed-in customer's id, or undefined for a visitor; use cases decide what a visitor may do. */
export function sessionCustomerId(ctx: Context): number | undefined {
  const id = sessionOf(ctx)?.customerId;
  return typeof id === 'number' ? id : undefined;
}

/** Starts a fresh session for the customer: a new id (no fixation) and none of the OAuth leftovers. */
export async function beginCustomerSession(ctx: Context, customerId: number): Promise<void> {
  const session = sessionOf(ctx) as (CustomerSessionData & { regenerate(): Promise<void> }) | null;
  if (!session) throw new Error('session middleware is not mounted');
  delete session.grant;
  session.customerId = customerId;
  session.signedInAt = new Date().toISOString();
  await session.regenerate();
}

/** Deletes the server-side session and clears the cookie. */
export function endCustomerSession(ctx: Context): void {
  (ctx as Context & { session: unknown }).session = null;
}

/** Session facts safe to show (GET /api/debug): never the id, the cookie or OAuth tokens. */
export function describeSession(ctx: Context, lifetime: CustomerSessionLifetime, now: Date = new Date()) {
  const session = sessionOf(ctx) as (CustomerSessionData & { isNew?: boolean }) | null;
  const signedInAt = session?.signedInAt ?? null;
  return {
    hasSession: Boolean(session && !session.isNew),
    authenticated: typeof session?.customerId === 'number',
    userId: session?.customerId ?? null,
    signedInAt,
    ageSeconds: signedInAt ? Math.max(0, Math.floor((now.getTime() - Date.parse(signedInAt)) / 1000)) : null,
    // The store's rules (idle, absolute, pre-sign-in), not the cookie's own expiry.
    expiresAt: session && !session.isNew ? lifetime.expiresAt(session, now).toISOString() : null,
    oauthInProgress: Boolean(session?.grant),
  };
}
