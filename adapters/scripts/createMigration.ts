/**
 * Generates a migration from the difference between the entities and the last snapshot, against a scratch
 * database, and registers it in migrations/index.ts. Usage: npm run migration:create [-- name]
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig, MIGRATIONS_DIR } from '../src/persistence/ormConfig.ts';
import { migrate } from '../src/persistence/database.ts';
import { withScratchDatabase } from '../src/persistence/scratchDatabase.ts';

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = process.argv[2];

await withScratchDatabase(adminUrl, 'groupflow_migration', async (url) => {
  const orm = await MikroORM.init(ormConfig(url));
  try {
    await migrate(orm);
    const result = await orm.migrator.create(MIGRATIONS_DIR, false, false, name);
    if (!result.fileName) {
      console.log('No changes: the entities match the last migration.');
      return;
    }
    const className = result.fileName.replace(/\.ts$/, '');
    const indexPath = join(MIGRATIONS_DIR, 'index.ts');
    const index = await readFile(indexPath, 'utf8');
    const withImport = `import { ${className} } from './${result.fileName}';\n${index}`;
    const registered = withImport.replace(
      /= \[([\s\S]*?)\];/,
      (_match, body: string) =>
        `= [${body.trimEnd()}${body.trim() ? '' : '\n'}  { name: '${className}', class: ${className} },\n];`,
    );
    await writeFile(indexPath, registered);
    console.log(`Created ${result.fileName}`);
  } finally {
    await orm.close();
  }
});
