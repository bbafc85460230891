import type { Context } from 'koa';

/** The token of an `Authorization: Bearer …` header, if any: a staff member's, or a game server's activity key. */
export function bearerToken(ctx: Context): string | undefined {
  const header = ctx.get('Authorization');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}
