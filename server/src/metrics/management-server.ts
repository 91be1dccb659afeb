/**
 * The management port (METRICS_PORT on METRICS_HOST, 127.0.0.1 by default, as Keycloak keeps its management interface
 * apart from the public one): Prometheus text at /metrics, and /healthz and /readyz as the public port answers them.
 * An answer is composed in full before its status is written, and a failure answers 503 (or ends the connection if
 * the status is out): a scrape never ends the process.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';

interface Answer {
  status: number;
  type: string;
  body: string;
}

export async function startManagementServer(
  app: FastifyInstance,
  registry: Registry,
  port: number,
  host = '127.0.0.1',
): Promise<Server> {
  const server = createServer((req, res) => {
    answer(app, registry, req)
      .then((it) => send(res, it))
      .catch(() => send(res, { status: 503, type: 'text/plain', body: 'metrics unavailable\n' }));
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  return server;
}

async function answer(app: FastifyInstance, registry: Registry, req: IncomingMessage): Promise<Answer> {
  const path = (req.url ?? '/').split('?')[0];
  if (path === '/metrics') return { status: 200, type: registry.contentType, body: await registry.metrics() };
  if (path === '/healthz' || path === '/readyz') {
    const probe = await app.inject({ method: 'GET', url: path });
    return { status: probe.statusCode, type: String(probe.headers['content-type'] ?? 'text/plain'), body: probe.body };
  }
  return { status: 404, type: 'text/plain', body: 'Not found: /metrics, /healthz, /readyz\n' };
}

function send(res: ServerResponse, { status, type, body }: Answer): void {
  try {
    if (res.headersSent) res.destroy();
    else res.writeHead(status, { 'content-type': type }).end(body);
  } catch {
    res.destroy();
  }
}
