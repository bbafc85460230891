import { describe, expect, inject, it } from 'vitest';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { withScratchDatabase } from '@groupflow/adapters/persistence/scratchDatabase';
import { migrationsList } from '@groupflow/adapters/persistence/migrations/index';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { DatabaseBehindCode, provisionDatabase } from '../database.ts';

const CLI = fileURLToPath(new URL('./migrate.ts', import.meta.url));
const run = promisify(execFile);

describe('npm run migrate, the release step', () => {
  it('is required before a replica serves: the replica refuses a database behind its code, naming what is missing', async () => {
    await withScratchDatabase(inject('databaseUrl'), 'groupflow_release', async (url) => {
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: url,
        MIGRATE_ON_START: 'false',
      });
      const logger = createLogger(config);

      const refused = provisionDatabase(config, logger);
      await expect(refused).rejects.toBeInstanceOf(DatabaseBehindCode);
      await expect(refused).rejects.toThrow(
        new RegExp(
          `${migrationsList.length} migration\\(s\\) not applied \\(${migrationsList[0]!.name}, .*npm run migrate`,
        ),
      );

      const { stdout } = await run(process.execPath, [CLI], {
        env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent' },
      });
      expect(stdout).toContain(`Database is up to date (${migrationsList.length} migrations applied in all).`);

      const replica = await provisionDatabase(config, logger);
      await replica.close();
    });
  });

  it('is not run by production replicas on a shared database unless told to', () => {
    const base = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/groupflow',
      SESSION_SECRET: 'x'.repeat(48),
      TRUST_PROXY: 'true',
      PUBLIC_URL: 'https://groupflow.example',
      LEADERSHIP_EMAIL: 'leadership@groupflow.example',
    };
    expect(loadConfig(base).migrateOnStart).toBe(false);
    expect(loadConfig({ ...base, MIGRATE_ON_START: 'true' }).migrateOnStart).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).migrateOnStart).toBe(true);
  });
});
