import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { ormConfig } from '../ormConfig.ts';
import { migrationsList } from './index.ts';

/** A database of its own, migrated step by step around the issue 22 migration. */
let url: string;
let admin: pg.Client;
let name: string;

beforeAll(async () => {
  const base = new URL(inject('databaseUrl'));
  admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  name = `groupflow_claims_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database "${name}"`);
  base.pathname = `/${name}`;
  url = base.toString();
});

afterAll(async () => {
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
});

describe('the vouchesAndClaims migration (issue 22)', () => {
  it('turns unproven links into pending claims and keeps proven links proven', async () => {
    const index = migrationsList.findIndex((migration) => migration.name.endsWith('_vouchesAndClaims'));
    expect(index).toBeGreaterThan(0);
    const orm = await MikroORM.init(ormConfig(url));
    try {
      await orm.migrator.up({ to: migrationsList[index - 1]!.name });
      const connection = orm.em.getConnection();
      await connection.execute(
        `insert into users (username, roblox_id, roblox_username, is_verified) values
           ('typed', '501', 'TypedName', false), ('proven', '502', 'ProvenName', true), ('none', null, null, false)`,
      );
      await orm.migrator.up();
      const users = await connection.execute<{ username: string; roblox_id: string | null; is_verified: boolean }[]>(
        'select username, roblox_id, is_verified from users order by username',
      );
      expect(users).toEqual([
        { username: 'none', roblox_id: null, is_verified: false },
        { username: 'proven', roblox_id: '502', is_verified: true },
        { username: 'typed', roblox_id: null, is_verified: false },
      ]);
      const claims = await connection.execute<{ roblox_id: string; roblox_username: string; hours: number }[]>(
        `select c.roblox_id, c.roblox_username, round(extract(epoch from c.expires_at - now()) / 3600) as hours
           from roblox_claims c join users u on u.id = c.user_id where u.username = 'typed'`,
      );
      expect(claims.map((claim) => ({ ...claim, hours: Number(claim.hours) }))).toEqual([
        { roblox_id: '501', roblox_username: 'TypedName', hours: 24 },
      ]);
      expect(await connection.execute('select * from roblox_claims')).toHaveLength(1);
    } finally {
      await orm.close(true);
    }
  });
});
