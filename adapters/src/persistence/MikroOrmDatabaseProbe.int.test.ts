import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CheckHealth, systemClock } from '@groupflow/core';
import { openDatabase, type Orm } from './database.ts';
import { MikroOrmDatabaseProbe } from './MikroOrmDatabaseProbe.ts';
import { TcpRelay as Relay } from '../net/tcpRelay.ts';

let relay: Relay;
let orm: Orm;

beforeAll(async () => {
  const target = new URL(inject('databaseUrl'));
  relay = new Relay({ host: target.hostname, port: Number(target.port || 5432) });
  await relay.open();
  target.hostname = '127.0.0.1';
  target.port = String(relay.port);
  orm = await openDatabase(target.toString());
});

afterAll(async () => {
  await orm?.close(true);
});

describe('health through the MikroORM probe', () => {
  it('reports connected, then disconnected during an outage, then recovered', async () => {
    const health = new CheckHealth(new MikroOrmDatabaseProbe(orm), systemClock, 2000);
    expect((await health.execute()).database).toBe('connected');

    await relay.cut();
    const down = await health.execute();
    expect(down.database).toBe('disconnected');
    expect(down.recovery.state).toBe('reconnecting');

    await relay.open(relay.port);
    const back = await health.execute();
    expect(back.database).toBe('connected');
    expect(back.recovery.state).toBe('recovered');
  });
});
