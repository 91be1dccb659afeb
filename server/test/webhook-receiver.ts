/**
 * A bank's webhook receiver on loopback, as docs/operations.md tells a bank to write one: it checks each request's
 * Standard Webhooks signature with the `standardwebhooks` library, drops an event whose ID it has already taken, and
 * keeps the rest in the order they came. It can be stopped and started again on the same port (an outage).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SecurityEvent } from '@portal/contract/schemas';
import { Webhook } from 'standardwebhooks';

export interface Received {
  id: string;
  event: SecurityEvent;
}

export class WebhookReceiver {
  /** The events taken, in the order they came, each once. */
  readonly events: Received[] = [];
  /** Requests that repeated an event already taken (at least once delivery: expected now and then, and dropped). */
  duplicates = 0;
  /** Requests whose signature did not verify. */
  forged = 0;
  private server: Server | null = null;
  private port = 0;
  private readonly verifier: Webhook;

  constructor(readonly secret: string) {
    this.verifier = new Webhook(secret);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/portal-events`;
  }

  async start(): Promise<this> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        try {
          this.verifier.verify(body, request.headers as Record<string, string>);
        } catch {
          this.forged += 1;
          response.writeHead(400).end();
          return;
        }
        const id = String(request.headers['webhook-id']);
        if (this.events.some((seen) => seen.id === id)) this.duplicates += 1;
        else this.events.push({ id, event: JSON.parse(body) as SecurityEvent });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** A Standard Webhooks secret as a bank would generate one. */
export const webhookSecret = (seed: string): string =>
  `whsec_${Buffer.from(seed.padEnd(32, '.').slice(0, 32)).toString('base64')}`;
