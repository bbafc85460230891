/**
 * Several real API processes (`services/src/mainApi.ts`, as `npm run start:api` runs them) on one scratch
 * PostgreSQL database: the migrations are applied once, by this harness as the release step would, and every
 * process starts as a replica that only checks them. Each process has its own loopback port, kept across a
 * restart, so a test or a soak run can kill one (SIGKILL) and bring it back where clients expect it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '@groupflow/adapters/net/freePort';
import { migrate, openDatabase } from '@groupflow/adapters/persistence/database';

const MAIN_API = fileURLToPath(new URL('../src/mainApi.ts', import.meta.url));
const READY_TIMEOUT_MS = 60_000;
const READY_POLL_MS = 100;

export interface ApiProcess {
  readonly index: number;
  readonly url: string;
  /** The running child, or null while it is stopped. */
  readonly child: ChildProcess | null;
  /** Resident set sizes sampled by the caller are per pid; a restart changes it. */
  readonly pid: number | undefined;
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts the process again on its port and waits until it answers. */
  start(): Promise<void>;
}

export interface ApiProcesses {
  readonly processes: ApiProcess[];
  readonly databaseUrl: string;
  /** Everything the processes printed, for a failing test's message. */
  readonly output: string[];
  close(): Promise<void>;
}

export interface ApiProcessesOptions {
  /** A server URL whose database is only used to create and drop the scratch one (DATABASE_URL). */
  adminUrl: string;
  /** Extra environment of every process, e.g. STAFF_OWNER_EMAIL. */
  env?: Record<string, string>;
}

async function waitUntilAnswering(url: string, child: ChildProcess, output: string[]): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API process exited with ${child.exitCode}:\n${output.join('')}`);
    const answered = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
  throw new Error(`API process at ${url} did not answer within ${READY_TIMEOUT_MS} ms:\n${output.join('')}`);
}

/**
 * Starts `count` processes one after the other (so start-up work such as creating the first owner from
 * STAFF_OWNER_EMAIL happens once) and resolves when all answer /api/health.
 */
export async function startApiProcesses(count: number, options: ApiProcessesOptions): Promise<ApiProcesses> {
  const name = `groupflow_procs_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: options.adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const target = new URL(options.adminUrl);
  target.pathname = `/${name}`;
  const databaseUrl = target.toString();
  const output: string[] = [];
  const processes: ApiProcess[] = [];
  const dropDatabase = async () => {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  };

  try {
    const orm = await openDatabase(databaseUrl);
    try {
      await migrate(orm);
    } finally {
      await orm.close(true);
    }
    for (let index = 0; index < count; index += 1) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      let child: ChildProcess | null = null;
      const proc: ApiProcess = {
        index,
        url,
        get child() {
          return child;
        },
        get pid() {
          return child?.pid;
        },
        async kill(signal: NodeJS.Signals = 'SIGTERM') {
          const running = child;
          if (!running || running.exitCode !== null || running.signalCode !== null) return;
          const exited = once(running, 'exit');
          running.kill(signal);
          await exited;
          child = null;
        },
        async start() {
          const started = spawn(process.execPath, [MAIN_API], {
            env: {
              ...process.env,
              NODE_ENV: 'test',
              LOG_LEVEL: 'warn',
              HOST: '127.0.0.1',
              PORT: String(port),
              PUBLIC_URL: url,
              DATABASE_URL: databaseUrl,
              MIGRATE_ON_START: 'false',
              ...options.env,
            },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          started.stdout!.on('data', (chunk: Buffer) => output.push(`[api ${index}] ${chunk}`));
          started.stderr!.on('data', (chunk: Buffer) => output.push(`[api ${index}] ${chunk}`));
          child = started;
          await waitUntilAnswering(url, started, output);
        },
      };
      processes.push(proc);
      await proc.start();
    }
  } catch (error) {
    await Promise.all(processes.map((proc) => proc.kill('SIGKILL')));
    await dropDatabase();
    throw error;
  }

  return {
    processes,
    databaseUrl,
    output,
    async close() {
      await Promise.all(processes.map((proc) => proc.kill('SIGTERM')));
      await dropDatabase();
    },
  };
}
