/**
 * The management port (METRICS_PORT, on 127.0.0.1 only, as Keycloak keeps its management interface apart from the
 * public one): Prometheus text at /metrics, and /healthz and /readyz as the public port answers them.
 */
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';

export async function startManagementServer(
  app: FastifyInstance,
  registry: Registry,
  port: number,
  host = '127.0.0.1',
): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const answer = async () => {
      if (path === '/metrics') {
        res.writeHead(200, { 'content-type': registry.contentType });
        return res.end(await registry.metrics());
      }
      if (path === '/healthz' || path === '/readyz') {
        const probe = await app.inject({ method: 'GET', url: path });
        res.writeHead(probe.statusCode, { 'content-type': String(probe.headers['content-type'] ?? 'text/plain') });
        return res.end(probe.body);
      }
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: /metrics, /healthz, /readyz\n');
    };
    answer().catch(() => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'));
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  return server;
}
