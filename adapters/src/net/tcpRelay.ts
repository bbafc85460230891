import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP relay tests put in front of a server (PostgreSQL) and cut, standing in for an outage: `cut` drops every
 * connection and stops listening, `open(port)` listens again on the same port.
 */
export class TcpRelay {
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
