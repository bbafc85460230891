import { checkedFetch } from './apiHarness.ts';

/** Keeps cookies the way a browser would, for one origin; API answers are checked against their contracts. */
export class CookieBrowser {
  cookies = new Map<string, string>();
  readonly base: string;
  constructor(base: string) {
    this.base = base;
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async get(pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${this.base}${pathOrUrl}`;
    const response = await checkedFetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as object), cookie: this.header() },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (value) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
    return response;
  }

  /** A JSON call: the body is sent as JSON when given. */
  send(method: string, path: string, body?: unknown): Promise<Response> {
    return this.get(path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  clone(): CookieBrowser {
    const copy = new CookieBrowser(this.base);
    copy.cookies = new Map(this.cookies);
    return copy;
  }
}
