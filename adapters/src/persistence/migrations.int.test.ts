import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Migration } from '@mikro-orm/migrations';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { migrate, MigrationFailed } from './database.ts';
import { ormConfig } from './ormConfig.ts';
import { migrationsList } from './migrations/index.ts';

class Migration29990101000000_broken extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "no_such_table" add column "x" int;');
  }
}

/** A database of its own: this test leaves a half-migrated schema behind on purpose. */
let url: string;
let admin: pg.Client;
let name: string;

beforeAll(async () => {
  const base = new URL(inject('databaseUrl'));
  admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  name = `groupflow_migrations_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database "${name}"`);
  base.pathname = `/${name}`;
  url = base.toString();
});

afterAll(async () => {
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
});

describe('migrate', () => {
  it('applies the committed migrations and stops at a failing one, naming it', async () => {
    const config = ormConfig(url);
    const orm = await MikroORM.init({
      ...config,
      migrations: {
        ...config.migrations,
        migrationsList: [
          ...migrationsList,
          { name: 'Migration29990101000000_broken', class: Migration29990101000000_broken },
        ],
      },
    });
    try {
      const failure = await migrate(orm).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(MigrationFailed);
      expect((failure as MigrationFailed).migration).toBe('Migration29990101000000_broken');
      expect((failure as Error).message).toMatch(/Migration29990101000000_broken failed: .*no_such_table/);
      const executed = await orm.migrator.getExecuted();
      expect(executed.map((m) => m.name)).toEqual(migrationsList.map((m) => m.name));
    } finally {
      await orm.close(true);
    }
  });

  it('leaves no difference between the entities and the migrated schema', async () => {
    const orm = await MikroORM.init(ormConfig(url));
    try {
      expect(await orm.migrator.getPending()).toEqual([]);
      // An entity changed without `npm run migration:create` shows up here as pending DDL.
      expect((await orm.schema.getUpdateSchemaSQL({ wrap: false })).trim()).toBe('');
    } finally {
      await orm.close(true);
    }
  });
});
