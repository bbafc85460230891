/**
 * A real customer session for a bench: the Discord sign-in through the server's own development provider
 * (GET /auth/discord, the provider's approve step, the callback), as a browser would do it.
 * Answers the Cookie header a signed-in browser sends.
 */
export async function signInThroughDevProvider(baseUrl: string, name: string): Promise<string> {
  const jar = new Map<string, string>();
  const step = async (url: string): Promise<string> => {
    const cookie = [...jar].map(([key, value]) => `${key}=${value}`).join('; ');
    const response = await fetch(url, { redirect: 'manual', headers: { cookie } });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const value = pair!.slice(index + 1);
      if (value) jar.set(pair!.slice(0, index), value);
      else jar.delete(pair!.slice(0, index));
    }
    const location = response.headers.get('location');
    if (response.status !== 302 || !location) throw new Error(`sign-in step ${url} answered ${response.status}`);
    return new URL(location, baseUrl).toString();
  };
  const authorize = new URL(await step(`${baseUrl}/auth/discord`));
  authorize.pathname += '/approve';
  authorize.searchParams.set('name', name);
  const callback = await step(authorize.toString());
  const landing = await step(callback);
  if (new URL(landing).pathname !== '/auth-success') throw new Error(`sign-in landed on ${landing}`);
  return [...jar].map(([key, value]) => `${key}=${value}`).join('; ');
}
