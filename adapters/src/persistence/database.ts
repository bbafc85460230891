import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig, type OrmOptions } from './ormConfig.ts';
import { inUnitOfWork } from './requestContext.ts';

export type Orm = MikroORM;

/** Raised when a migration fails; start-up stops and names it. */
export class MigrationFailed extends Error {
  readonly migration: string;
  constructor(migration: string, cause: unknown) {
    super(`Migration ${migration} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'MigrationFailed';
    this.migration = migration;
  }
}

export async function openDatabase(
  clientUrl: string,
  log?: (message: string) => void,
  options?: OrmOptions,
): Promise<Orm> {
  return MikroORM.init(ormConfig(clientUrl, log, options));
}

/** Applies pending migrations one at a time, each in its own transaction, so a failure names its migration. */
export async function migrate(orm: Orm): Promise<string[]> {
  const applied: string[] = [];
  const pending = await orm.migrator.getPending();
  for (const { name } of pending) {
    try {
      await orm.migrator.up({ migrations: [name] });
    } catch (error) {
      throw new MigrationFailed(name, error);
    }
    applied.push(name);
  }
  return applied;
}

/** Work outside an HTTP request (start-up, command-line tools) gets its own context, as a request would. */
export function inRequestContext<T>(orm: Orm, work: () => Promise<T>): Promise<T> {
  return inUnitOfWork(orm.em, work);
}
