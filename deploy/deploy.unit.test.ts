/**
 * The deployment files agree with each other and with the code: every role compose starts is one the image's
 * entrypoint knows and every npm script it runs exists, the load balancer names the API replicas compose starts,
 * the bot shards cover every shard id exactly once, and nothing serves before the release step has migrated.
 * Where the Docker CLI has compose, `docker compose config` validates the file too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { parse } from 'yaml';
import { freePort } from '../adapters/src/net/freePort.ts';

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
      env: {
        ...process.env,
        POSTGRES_PASSWORD: 'x',
        SESSION_SECRET: 'x'.repeat(32),
        LEADERSHIP_EMAIL: 'leadership@groupflow.example',
      },
    });
  });
});

/** Debian's nginx and its brotli module, the pair the remotes image installs (Dockerfile, target remotes). */
const NGINX = '/usr/sbin/nginx';
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

function get(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

/**
 * deploy/remotes.nginx.conf run by a real nginx on a loopback port, over a remote's files as the build leaves them
 * (each text file with its .br and .gz copy): compressed by Accept-Encoding, immutable only where the name is hashed.
 */
describe('the remotes nginx configuration', () => {
  const available = existsSync(NGINX) && existsSync(BROTLI_MODULE);
  let root: string;
  let port: number;
  let nginx: ChildProcess | undefined;
  const script = `console.log(${JSON.stringify('a remote chunk '.repeat(300))});`;

  beforeAll(async () => {
    if (!available) return;
    root = await mkdtemp(join(tmpdir(), 'remotes-nginx-'));
    // nginx's workers run as an unprivileged user: the folders must be readable to them.
    await chmod(root, 0o755);
    const html = join(root, 'html');
    await mkdir(join(html, 'staff'), { recursive: true });
    for (const name of ['staff/334.0123456789.js', 'staff/remoteEntry.js', 'staff/mf-manifest.json']) {
      const content = name.endsWith('.json') ? JSON.stringify({ name: 'staff', filler: 'x'.repeat(3000) }) : script;
      await writeFile(join(html, name), content);
      await writeFile(join(html, `${name}.br`), brotliCompressSync(content));
      await writeFile(join(html, `${name}.gz`), gzipSync(content));
    }
    await writeFile(join(html, 'staff/334.0123456789.js.map'), '{}');
    port = await freePort();
    const server = read('deploy/remotes.nginx.conf')
      .replace(/listen 80;/, `listen 127.0.0.1:${port};`)
      .replace(/root \/usr\/share\/nginx\/html;/, `root ${html};`);
    const temp = (name: string) => `${name}_temp_path ${join(root, name)};`;
    await writeFile(
      join(root, 'nginx.conf'),
      [
        `load_module ${BROTLI_MODULE};`,
        `daemon off; pid ${join(root, 'nginx.pid')}; error_log ${join(root, 'error.log')};`,
        'events {}',
        `http { include /etc/nginx/mime.types; access_log off; ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((n) => temp(n)).join(' ')}`,
        server,
        '}',
      ].join('\n'),
    );
    nginx = spawn(NGINX, ['-p', root, '-c', join(root, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    nginx.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    for (let attempt = 0; ; attempt++) {
      const up = await get(port, '/healthz').then(
        () => true,
        () => false,
      );
      if (up) break;
      if (attempt > 100 || nginx.exitCode !== null) throw new Error(`nginx did not start:\n${errors}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  afterAll(async () => {
    nginx?.kill();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('sends the build copies: brotli or gzip by Accept-Encoding, the file itself otherwise, varying by it', async (context) => {
    if (!available)
      context.skip(`needs ${NGINX} and ${BROTLI_MODULE} (apt-get install nginx-light libnginx-mod-http-brotli-static)`);
    const origin = { Origin: 'http://shell.test' };
    const br = await get(port, '/staff/334.0123456789.js', { ...origin, 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(script.length / 4);
    const gzip = await get(port, '/staff/334.0123456789.js', { ...origin, 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await get(port, '/staff/334.0123456789.js', origin);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    for (const answer of [br, gzip, plain]) {
      expect(answer.headers.vary).toMatch(/Accept-Encoding/);
      expect(answer.headers['access-control-allow-origin']).toBe(origin.Origin);
    }
  });

  it('caches hashed chunks for a year, revalidates remoteEntry.js and the manifest (304), hides source maps', async (context) => {
    if (!available) context.skip(`needs ${NGINX} and ${BROTLI_MODULE}`);
    const chunk = await get(port, '/staff/334.0123456789.js', { 'Accept-Encoding': 'br' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/staff/remoteEntry.js', '/staff/mf-manifest.json']) {
      const first = await get(port, path, { 'Accept-Encoding': 'gzip, br' });
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(first.headers['content-encoding']).toBe('br');
      const again = await get(port, path, { 'Accept-Encoding': 'gzip, br', 'If-None-Match': first.headers.etag! });
      expect(again.status).toBe(304);
    }
    expect((await get(port, '/staff/334.0123456789.js.map')).status).toBe(404);
  });

  it('leaves compression to the API replicas behind the load balancer, and never buffers their event streams', () => {
    const balancer = read('deploy/loadbalancer.nginx.conf');
    expect(balancer).toMatch(/^\s*gzip off;/m);
    expect(balancer).toMatch(/^\s*proxy_buffering off;/m);
  });
});
