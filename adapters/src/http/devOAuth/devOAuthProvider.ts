import Router from '@koa/router';
import type { Context } from 'koa';
import { createHash, randomBytes } from 'node:crypto';

/**
 * A real OAuth 2.0 authorization server for development and tests, served by the app itself when a
 * provider has no client credentials: an authorize page where one picks or types a name, a token
 * endpoint (authorization code + PKCE) and a user-info endpoint. Never mounted in production.
 */
export interface DevOAuthOptions {
  /** e.g. /dev-oauth/discord */
  prefix: string;
  /** Paths under the prefix, matching the real provider's layout so only the base URL differs. */
  paths: { authorize: string; token: string; user: string; extra?: Record<string, (caller: DevCaller) => unknown> };
  title: string;
  clientId: string;
  clientSecret: string;
  /** Redirect URIs must start with this (the app's public URL), so the page cannot be used to bounce elsewhere. */
  publicUrl: string;
  sampleNames: string[];
  /** The user-info body for a name. */
  profile(name: string, id: string): Record<string, unknown>;
  /** Codes and access tokens live this long. */
  ttlMs?: number;
  /** Refresh tokens live this long. */
  refreshTtlMs?: number;
}

/** Who holds the bearer token of a request to an extra endpoint, and who else the provider has seen. */
export interface DevCaller {
  name: string;
  id: string;
  /** Every name that ever obtained a token here, and those holding one that is still valid. */
  seen: ReadonlySet<string>;
  active: ReadonlySet<string>;
}

interface Grant {
  name: string;
  redirectUri: string;
  codeChallenge: string | null;
  expiresAt: number;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** The same name always gives the same numeric id, so signing in twice finds the same account. */
export const devIdFor = (name: string) =>
  BigInt(`0x${createHash('sha256').update(name.toLowerCase()).digest('hex').slice(0, 14)}`).toString();

const base64url = (buffer: Buffer) => buffer.toString('base64url');

async function readForm(ctx: Context): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > 16_384) ctx.throw(413, 'Request body too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function authorizePage(options: DevOAuthOptions, query: Record<string, string>, error?: string): string {
  const hidden = Object.entries(query)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const choices = options.sampleNames
    .map((name) => `<button type="submit" name="name" value="${escapeHtml(name)}">${escapeHtml(name)}</button>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(options.title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;background:#0b0d14;color:#e8eaf2;display:flex;justify-content:center;padding:48px 16px}
main{background:#141824;border:1px solid #2a3146;border-radius:10px;padding:24px;max-width:420px;width:100%}
button{margin:4px;padding:8px 14px;border-radius:8px;border:1px solid #2a3146;background:#1c2131;color:#e8eaf2;cursor:pointer;font:inherit}
button.primary{background:#5865f2;border-color:#5865f2;color:#fff}input[type=text]{width:100%;padding:8px;border-radius:8px;border:1px solid #2a3146;background:#0b0d14;color:#e8eaf2;font:inherit;box-sizing:border-box}
.muted{color:#9aa3b8;font-size:.9rem}.error{color:#ef4444}</style></head><body><main>
<h1>${escapeHtml(options.title)}</h1>
<p class="muted">Development sign-in: no real account is involved. Pick a name or type one.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="get" action="${escapeHtml(options.prefix + options.paths.authorize)}/approve">${hidden}
<div>${choices}</div>
<p><label for="custom-name">Name</label><br><input id="custom-name" type="text" name="custom" maxlength="32" autocomplete="off"></p>
<button class="primary" type="submit" name="name" value="">Authorize</button>
<button type="submit" name="deny" value="1">Cancel</button>
</form></main></body></html>`;
}

export function devOAuthProvider(options: DevOAuthOptions): Router {
  const ttlMs = options.ttlMs ?? 5 * 60_000;
  const refreshTtlMs = options.refreshTtlMs ?? 30 * 86_400_000;
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, { name: string; expiresAt: number }>();
  const refreshTokens = new Map<string, { name: string; expiresAt: number }>();
  const seen = new Set<string>();
  const router = new Router({ prefix: options.prefix });

  const sweep = () => {
    const now = Date.now();
    for (const [key, value] of codes) if (value.expiresAt <= now) codes.delete(key);
    for (const [key, value] of tokens) if (value.expiresAt <= now) tokens.delete(key);
    for (const [key, value] of refreshTokens) if (value.expiresAt <= now) refreshTokens.delete(key);
  };

  const issueTokens = (name: string) => {
    const accessToken = base64url(randomBytes(24));
    const refreshToken = base64url(randomBytes(24));
    tokens.set(accessToken, { name, expiresAt: Date.now() + ttlMs });
    refreshTokens.set(refreshToken, { name, expiresAt: Date.now() + refreshTtlMs });
    seen.add(name);
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_in: Math.floor(ttlMs / 1000),
    };
  };

  const checkClient = (query: Record<string, string>): string | null => {
    if (query.client_id !== options.clientId) return 'Unknown client_id';
    if (query.response_type !== 'code') return 'response_type must be code';
    if (!query.redirect_uri?.startsWith(options.publicUrl.replace(/\/$/, '') + '/')) return 'redirect_uri not allowed';
    return null;
  };

  const stringQuery = (ctx: Context) =>
    Object.fromEntries(
      Object.entries(ctx.query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );

  router.get(options.paths.authorize, (ctx) => {
    const query = stringQuery(ctx);
    const problem = checkClient(query);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'html';
    if (problem) {
      ctx.status = 400;
      ctx.body = `<!doctype html><p>${escapeHtml(problem)}</p>`;
      return;
    }
    ctx.body = authorizePage(options, query);
  });

  router.get(`${options.paths.authorize}/approve`, (ctx) => {
    const { name: picked, custom, deny, ...query } = stringQuery(ctx);
    const problem = checkClient(query);
    if (problem) {
      ctx.status = 400;
      ctx.body = { message: problem };
      return;
    }
    const redirect = new URL(query.redirect_uri!);
    if (query.state) redirect.searchParams.set('state', query.state);
    if (deny) {
      redirect.searchParams.set('error', 'access_denied');
      return ctx.redirect(redirect.toString());
    }
    const name = (picked || custom || '').trim().replace(/\s+/g, '_').slice(0, 32);
    if (!name) {
      ctx.type = 'html';
      ctx.body = authorizePage(options, query, 'Pick a name or type one.');
      return;
    }
    sweep();
    const code = base64url(randomBytes(24));
    codes.set(code, {
      name,
      redirectUri: query.redirect_uri!,
      codeChallenge: query.code_challenge ?? null,
      expiresAt: Date.now() + ttlMs,
    });
    redirect.searchParams.set('code', code);
    ctx.redirect(redirect.toString());
  });

  router.post(options.paths.token, async (ctx) => {
    const form = await readForm(ctx);
    ctx.set('Cache-Control', 'no-store');
    const refuse = (error: string) => {
      ctx.status = 400;
      ctx.body = { error };
    };
    if (form.get('client_id') !== options.clientId || form.get('client_secret') !== options.clientSecret) {
      return refuse('invalid_client');
    }
    if (form.get('grant_type') === 'refresh_token') {
      // Single use, as Discord's: the answer carries the next refresh token.
      const presented = form.get('refresh_token') ?? '';
      const entry = refreshTokens.get(presented);
      refreshTokens.delete(presented);
      if (!entry || entry.expiresAt <= Date.now()) return refuse('invalid_grant');
      sweep();
      ctx.body = issueTokens(entry.name);
      return;
    }
    const code = form.get('code') ?? '';
    const grant = codes.get(code);
    codes.delete(code);
    if (!grant || grant.expiresAt <= Date.now() || grant.redirectUri !== form.get('redirect_uri')) {
      return refuse('invalid_grant');
    }
    if (grant.codeChallenge) {
      const verifier = form.get('code_verifier') ?? '';
      if (base64url(createHash('sha256').update(verifier).digest()) !== grant.codeChallenge)
        return refuse('invalid_grant');
    }
    ctx.body = issueTokens(grant.name);
  });

  const bearer = (ctx: Context) => {
    const token = /^Bearer (.+)$/.exec(ctx.get('authorization'))?.[1] ?? '';
    const entry = tokens.get(token);
    return entry && entry.expiresAt > Date.now() ? entry.name : null;
  };

  router.get(options.paths.user, (ctx) => {
    const name = bearer(ctx);
    if (!name) {
      ctx.status = 401;
      ctx.body = { message: '401: Unauthorized' };
      return;
    }
    ctx.body = options.profile(name, devIdFor(name));
  });

  for (const [path, answer] of Object.entries(options.paths.extra ?? {})) {
    router.get(path, (ctx) => {
      const name = bearer(ctx);
      if (!name) {
        ctx.status = 401;
        ctx.body = { message: '401: Unauthorized' };
        return;
      }
      const active = new Set(
        [...tokens.values()].filter((entry) => entry.expiresAt > Date.now()).map((entry) => entry.name),
      );
      ctx.body = answer({ name, id: devIdFor(name), seen, active });
    });
  }
  return router;
}
