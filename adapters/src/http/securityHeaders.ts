import type { Middleware } from 'koa';

/**
 * Image hosts the pages embed besides our own: Discord avatars and guild icons, Roblox thumbnails. Images cannot
 * run code, so these are the only foreign origins outside the remotes' (docs/decisions.md).
 */
const IMAGE_HOSTS = ['https://cdn.discordapp.com', 'https://*.rbxcdn.com'];

/** One year, the usual HSTS lifetime; browsers only honour it over HTTPS. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The origins of the remotes' manifests, as the shell will load them. A relative address (the default
 * `/remotes/<area>/…`) is our own origin, already covered by 'self'.
 */
export function remoteOrigins(remoteUrls: string[], publicUrl: string): string[] {
  const own = new URL(publicUrl).origin;
  const origins = remoteUrls.map((url) => new URL(url, publicUrl).origin).filter((origin) => origin !== own);
  return [...new Set(origins)];
}

/**
 * Code, styles, fonts and calls only from our own origin and the remotes'. Styles also allow inline: style-loader
 * injects every stylesheet of the shell and the remotes as a `<style>` element; scripts never do.
 */
export function contentSecurityPolicy(remotes: string[]): string {
  const sources = ["'self'", ...remotes].join(' ');
  return [
    `default-src ${sources}`,
    `script-src ${sources}`,
    `style-src ${sources} 'unsafe-inline'`,
    `img-src ${sources} data: ${IMAGE_HOSTS.join(' ')}`,
    `font-src ${sources}`,
    `connect-src ${sources}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export interface SecurityHeaderOptions {
  contentSecurityPolicy: string;
  /** Strict-Transport-Security: production only, where a TLS proxy fronts the server. */
  strictTransportSecurity: boolean;
}

/** The headers every answer carries: pages, assets, API calls, error answers and fast routes. */
export function securityHeaderValues(options: SecurityHeaderOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': options.contentSecurityPolicy,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  };
  if (options.strictTransportSecurity) {
    headers['Strict-Transport-Security'] = `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`;
  }
  return headers;
}

/** Set before anything else answers, so every answer of the app carries them. */
export function securityHeaders(headers: Readonly<Record<string, string>>): Middleware {
  return async (ctx, next) => {
    ctx.set(headers);
    await next();
  };
}
