/**
 * A TCP proxy on loopback that a test can cut and restore, to take the database away from a running service, or
 * freeze and thaw, to make it hang as a paused pgbouncer does (connections stay open, nothing answers).
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export class TcpProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  /** Each open connection's two ends, to stop and restart the bytes between them. */
  private readonly pairs = new Set<[Socket, Socket]>();
  private frozen = false;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async open(): Promise<this> {
    if (this.server) return this;
    const server = createServer((inbound) => {
      const outbound = connect(this.targetPort, this.targetHost);
      const pair: [Socket, Socket] = [inbound, outbound];
      this.pairs.add(pair);
      for (const socket of pair) {
        this.sockets.add(socket);
        socket.on('close', () => {
          this.sockets.delete(socket);
          this.pairs.delete(pair);
        });
        socket.on('error', () => socket.destroy());
      }
      if (!this.frozen) flow(pair);
      inbound.on('close', () => outbound.destroy());
      outbound.on('close', () => inbound.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', () => resolve()));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
    return this;
  }

  /** Refuses new connections and drops the open ones, as a database that went away. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Keeps every connection open, and accepts new ones, but passes nothing either way until thawed. */
  freeze(): void {
    this.frozen = true;
    for (const [inbound, outbound] of this.pairs) {
      inbound.unpipe(outbound).pause();
      outbound.unpipe(inbound).pause();
    }
  }

  thaw(): void {
    this.frozen = false;
    for (const pair of this.pairs) flow(pair);
  }
}

function flow([inbound, outbound]: [Socket, Socket]): void {
  inbound.pipe(outbound);
  outbound.pipe(inbound);
}
