import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { CheckHealth, systemClock } from '@groupflow/core';
import { openDatabase, type Orm } from './database.ts';
import { MikroOrmDatabaseProbe } from './MikroOrmDatabaseProbe.ts';

/** A TCP relay in front of PostgreSQL that the test can cut, standing in for a database outage. */
class Relay {
  #server: Server | undefined;
  #sockets = new Set<Socket>();
  port = 0;
  readonly #target: { host: string; port: number };
  constructor(target: { host: string; port: number }) {
    this.#target = target;
  }
  async open(port = 0): Promise<void> {
    this.#server = createServer((client) => {
      const upstream = connect(this.#target.port, this.#target.host);
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on('close', () => this.#sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.#server!.listen(port, '127.0.0.1', resolve));
    const address = this.#server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }
  async cut(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server!.close(() => resolve()));
  }
}

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
