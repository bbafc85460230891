/**
 * Issue 23: activity keys stored as SHA-256 (the migration hashes the keys stored readable before it, keeping their
 * first characters), and report receipts that clean themselves once expired (that they refuse a repeated eventId
 * until then is the ActivityLedger contract's, PostgresActivityLedger.int.test.ts). On a database of its own,
 * migrated step by step.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { migrate, openDatabase, inRequestContext, type Orm } from '../database.ts';
import { migrationsList } from '../migrations/index.ts';
import { openScratchDatabase, type ScratchDatabase } from '../scratchDatabase.ts';
import { MikroOrmConnectedGroups } from './MikroOrmConnectedGroups.ts';
import { PostgresActivityLedger } from './PostgresActivityLedger.ts';

const HASHING_MIGRATION = 'Migration20261126143751_hashedActivityKey';
const OLD_KEY = `gfa_${randomBytes(32).toString('base64url')}`;
const SWEEP_MS = 60_000;

let scratch: ScratchDatabase;
let orm: Orm;

beforeAll(async () => {
  scratch = await openScratchDatabase(inject('databaseUrl'), 'groupflow_activity_keys');
  orm = await openDatabase(scratch.url);
  // Up to the migration before the hashing one, then a group connected the old way, with its key readable.
  const before = migrationsList.slice(
    0,
    migrationsList.findIndex((m) => m.name === HASHING_MIGRATION),
  );
  await orm.migrator.up({ migrations: before.map((m) => m.name) });
  await orm.em
    .getConnection()
    .execute(
      `insert into roblox_groups (group_id, name, connected_by, activity_key) values ('77', 'Old Group', 1, ?)`,
      [OLD_KEY],
    );
  await migrate(orm);
});

afterAll(async () => {
  await orm?.close(true);
  await scratch?.drop();
});

const run = <T>(work: () => Promise<T>) => inRequestContext(orm, work);

describe('activity keys stored as SHA-256', () => {
  it('hashes a key stored readable before the migration, keeps its first characters, and it still works', async () => {
    const [row] = await orm.em
      .getConnection()
      .execute<{ activity_key_hash: string; activity_key_prefix: string }[]>(
        `select activity_key_hash, activity_key_prefix from roblox_groups where group_id = '77'`,
      );
    expect(row).toEqual({
      activity_key_hash: createHash('sha256').update(OLD_KEY).digest('hex'),
      activity_key_prefix: OLD_KEY.slice(0, 8),
    });
    const groups = new MikroOrmConnectedGroups(orm);
    expect(await run(() => groups.activityKeyHolder('77', OLD_KEY))).toEqual({ activityTracking: true });
    expect(await run(() => groups.activityKeyHolder('77', row!.activity_key_hash))).toBeNull();
    expect((await run(() => groups.find('77')))?.activityKeyPrefix).toBe(OLD_KEY.slice(0, 8));
  });

  it('stores a rotated key only as its hash: the old key stops working, the new one works', async () => {
    const groups = new MikroOrmConnectedGroups(orm);
    const next = `gfa_${randomBytes(32).toString('base64url')}`;
    const updated = await run(() => groups.update('77', { activityKey: next }));
    expect(updated.activityKeyPrefix).toBe(next.slice(0, 8));
    const dump = JSON.stringify(
      await orm.em.getConnection().execute(`select * from roblox_groups where group_id = '77'`),
    );
    expect(dump).not.toContain(next);
    expect(await run(() => groups.activityKeyHolder('77', OLD_KEY))).toBeNull();
    expect(await run(() => groups.activityKeyHolder('77', next))).toEqual({ activityTracking: true });
  });
});

describe('report receipts', () => {
  const event = { userId: '5', event: 'start' as const, sessionId: 'r-1' };

  it('delete expired receipts by themselves, at most once per sweep interval', async () => {
    const ledger = new PostgresActivityLedger(orm, 7 * 86_400_000, SWEEP_MS);
    const count = async () =>
      Number(
        (
          await orm.em
            .getConnection()
            .execute<{ n: string }[]>(`select count(*) as n from activity_report_receipts where group_id = '79'`)
        )[0]!.n,
      );
    const t0 = new Date(Date.now() + 3_600_000);
    await run(() => ledger.record('79', [event], t0, { eventId: 'old', keepUntil: new Date(t0.getTime() + 1000) }));
    const t1 = new Date(t0.getTime() + 2000);
    // The first record swept at t0 (nothing expired then); within the interval nothing is swept again.
    await run(() => ledger.record('79', [event], t1, { eventId: 'new', keepUntil: new Date(t1.getTime() + 1000) }));
    expect(await count()).toBe(2);
    const t2 = new Date(t0.getTime() + SWEEP_MS + 1);
    await run(() => ledger.record('79', [event], t2, { eventId: 'last', keepUntil: new Date(t2.getTime() + 1000) }));
    expect(await count()).toBe(1);
  });
});
