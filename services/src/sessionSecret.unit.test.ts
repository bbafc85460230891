import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './config.ts';
import { loadSessionSecret } from './sessionSecret.ts';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const configIn = async (extra: Record<string, string> = {}) => {
  const dir = await mkdtemp(join(tmpdir(), 'groupflow-secret-'));
  dirs.push(dir);
  return loadConfig({ DATA_DIR: join(dir, 'data'), ...extra });
};

describe('loadSessionSecret', () => {
  it('generates a secret once, keeps it readable only by the owner, and reuses it', async () => {
    const config = await configIn();
    const first = loadSessionSecret(config);
    expect(first.length).toBeGreaterThanOrEqual(40);
    expect((await stat(join(config.dataDir, 'session-secret'))).mode & 0o777).toBe(0o600);
    expect(loadSessionSecret(config)).toBe(first);
  });

  it('prefers SESSION_SECRET and writes nothing', async () => {
    const config = await configIn({ SESSION_SECRET: 'from-the-environment' });
    expect(loadSessionSecret(config)).toBe('from-the-environment');
    await expect(stat(join(config.dataDir, 'session-secret'))).rejects.toThrow();
  });
});

describe('OAuth configuration', () => {
  it('uses the development providers without credentials, and never in production', async () => {
    const dev = await configIn({ PORT: '5555' });
    expect(dev.oauth.discord).toMatchObject({ dev: true, baseUrl: 'http://localhost:5555/dev-oauth/discord' });
    const prod = await configIn({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/x',
      SESSION_SECRET: 's'.repeat(32),
      PUBLIC_URL: 'https://groupflow.example',
      LEADERSHIP_EMAIL: 'leadership@groupflow.example',
      TRUST_PROXY: 'true',
    });
    expect(prod.oauth.discord).toMatchObject({ dev: false, usable: false, baseUrl: 'https://discord.com' });
    expect(prod.oauth.roblox).toMatchObject({ dev: false, baseUrl: 'https://apis.roblox.com/oauth' });
  });

  it('uses real credentials against the configured base URL', async () => {
    const config = await configIn({
      DISCORD_CLIENT_ID: 'id',
      DISCORD_CLIENT_SECRET: 'secret',
      DISCORD_BASE_URL: 'http://127.0.0.1:9',
    });
    expect(config.oauth.discord).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      baseUrl: 'http://127.0.0.1:9',
      dev: false,
      usable: true,
    });
  });
});
