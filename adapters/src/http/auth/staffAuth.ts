import type { Context, Middleware } from 'koa';
import { Unauthenticated, type AuthenticateStaff, type PendingStepOptions, type StaffMember } from '@groupflow/core';

/** What staffAuth leaves on ctx.state for the routes behind it. */
export interface StaffState {
  staff: StaffMember;
}

/** The token of an `Authorization: Bearer …` header, if any. */
export function bearerToken(ctx: Context): string | undefined {
  const header = ctx.get('Authorization');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * Guards every route of a router with the staff bearer token: an unknown, expired or revoked token, or an
 * inactive account, is a 401 before the route runs. Routes read the member with `currentStaff(ctx)`.
 */
export function staffAuth(authenticate: AuthenticateStaff, options: PendingStepOptions = {}): Middleware {
  return async (ctx, next) => {
    (ctx.state as StaffState).staff = await authenticate.execute(bearerToken(ctx), options);
    await next();
  };
}

export function currentStaff(ctx: Context): StaffMember {
  const staff = (ctx.state as Partial<StaffState>).staff;
  // Reaching a staff route without the guard is a wiring bug; answer 401 rather than act as nobody.
  if (staff === undefined) throw new Unauthenticated('STAFF.TOKEN_MISSING', 'No token');
  return staff;
}
