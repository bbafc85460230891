/**
 * The deployment files agree with each other and with the code: every role compose starts is one the image's
 * entrypoint knows and every npm script it runs exists, the load balancer names the API replicas compose starts,
 * the bot shards cover every shard id exactly once, and nothing serves before the release step has migrated.
 * Where the Docker CLI has compose, `docker compose config` validates the file too.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');

interface ComposeService {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { disable?: boolean; test?: string[] };
}
const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, ComposeService> };
const entrypoint = read('deploy/entrypoint.sh');
const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
const appServices = Object.entries(compose.services).filter(([, service]) => service.image === 'groupflow:latest');
const role = (service: ComposeService) => service.command?.[0] ?? 'api';
const withRole = (name: string) => appServices.filter(([, service]) => role(service) === name);

describe('deployment files', () => {
  it('starts only roles the entrypoint handles, and each runs an npm script that exists', () => {
    const handled = new Map(
      [...entrypoint.matchAll(/^\s+(\w+)\) exec npm (?:run --silent )?([\w:]+)/gm)].map((m) => [m[1]!, m[2]!]),
    );
    expect([...handled.keys()].sort()).toEqual(['all', 'api', 'bot', 'migrate']);
    for (const [, service] of appServices) expect(handled.has(role(service))).toBe(true);
    for (const script of handled.values()) expect(scripts[script], `npm script ${script}`).toBeDefined();
  });

  it('puts every API replica behind the load balancer, with a health check', () => {
    const upstreams = [...read('deploy/loadbalancer.nginx.conf').matchAll(/server ([\w-]+):5000/g)].map((m) => m[1]);
    const replicas = withRole('api').map(([name]) => name);
    expect(replicas.length).toBeGreaterThanOrEqual(2);
    expect(upstreams.sort()).toEqual(replicas.sort());
    for (const [, service] of withRole('api')) expect(service.healthcheck?.disable).not.toBe(true);
    expect(read('Dockerfile')).toMatch(/HEALTHCHECK[\s\S]*CMD \["groupflow", "healthcheck"\]/);
  });

  it('runs one bot process per shard id, covering every shard exactly once', () => {
    const bots = withRole('bot').map(([, service]) => service.environment!);
    const total = Number(bots[0]!.BOT_SHARDS);
    expect(bots.every((env) => Number(env.BOT_SHARDS) === total)).toBe(true);
    const ids = bots.flatMap((env) => env.BOT_SHARD_IDS!.split(',').map(Number)).sort();
    expect(ids).toEqual(Array.from({ length: total }, (_, i) => i));
  });

  it('migrates once, before any replica serves', () => {
    expect(withRole('migrate')).toHaveLength(1);
    for (const [, service] of [...withRole('api'), ...withRole('bot')]) {
      expect(service.depends_on?.migrate?.condition).toBe('service_completed_successfully');
    }
  });

  it('is valid for docker compose where its CLI exists', (context) => {
    try {
      execFileSync('docker', ['compose', 'version'], { stdio: 'ignore' });
    } catch {
      context.skip('the Docker CLI here has no compose plugin');
    }
    execFileSync('docker', ['compose', 'config', '--quiet'], {
      cwd: new URL('..', import.meta.url),
      env: { ...process.env, POSTGRES_PASSWORD: 'x', SESSION_SECRET: 'x'.repeat(32) },
    });
  });
});
