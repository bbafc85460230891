/**
 * A cookie-keeping HTTP client for one origin, signing customers in through the real OAuth routes: Discord through
 * the built-in development provider, Roblox through whatever ROBLOX_OAUTH_BASE_URL points at (a loopback fake).
 */
export class CustomerBrowser {
  readonly cookies = new Map<string, string>();
  readonly base: string;
  /** Sent on every call to our origin, e.g. the X-Forwarded-For a load bench's simulated proxy adds. */
  readonly #headers: Record<string, string>;

  constructor(base: string, headers: Record<string, string> = {}) {
    this.base = base;
    this.#headers = headers;
  }

  async fetch(pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${this.base}${pathOrUrl}`;
    const sameOrigin = url.startsWith(this.base);
    const headers = {
      ...(init.headers as Record<string, string>),
      ...(sameOrigin ? { ...this.#headers, cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
    };
    const response = await fetch(url, { ...init, redirect: 'manual', headers });
    if (sameOrigin) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const index = pair!.indexOf('=');
        const value = pair!.slice(index + 1);
        if (value) this.cookies.set(pair!.slice(0, index), value);
        else this.cookies.delete(pair!.slice(0, index));
      }
    }
    return response;
  }

  /** A JSON call; the answer's body is parsed when there is one. */
  async json<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: T }> {
    const response = await this.fetch(path, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  /** Follows redirects by hand (so every hop keeps this browser's cookies) until a page of our own is reached. */
  async follow(start: string): Promise<string> {
    let location = start;
    for (let hop = 0; hop < 10; hop += 1) {
      const response = await this.fetch(location);
      const next = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !next) return location;
      location = new URL(next, location.startsWith('http') ? location : this.base).toString();
      if (location.startsWith(this.base)) location = location.slice(this.base.length);
    }
    throw new Error(`too many redirects from ${start}`);
  }

  /** Discord sign-in through the development provider, as `name`. */
  async signInWithDiscord(name: string): Promise<void> {
    const start = await this.fetch('/auth/discord');
    const authorize = new URL(start.headers.get('location')!, this.base);
    authorize.pathname += '/approve';
    authorize.searchParams.set('name', name);
    const landed = await this.follow(authorize.toString());
    if (!landed.startsWith('/auth-success')) throw new Error(`Discord sign-in of ${name} landed on ${landed}`);
  }

  /** Roblox sign-in (or proof, when signed in): the provider decides who signs in. Returns the landing page. */
  signInWithRoblox(): Promise<string> {
    return this.follow('/auth/roblox');
  }
}
