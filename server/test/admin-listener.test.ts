/**
 * The built service as a deployment runs it opens the admin API on ADMIN_PORT (on 127.0.0.1), apart from its public
 * port, which answers no admin call; an empty ADMIN_PORT opens no admin listener at all.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.mjs';
import { type ServiceProcess, startService } from './service-process.js';

/** The addresses the process said it listens on (Fastify logs each listener as it opens). */
const listening = (service: ServiceProcess) =>
  service.logs.flatMap((line) => /^Server listening at (\S+)$/.exec(String(line.msg))?.slice(1) ?? []).sort();

describe('the admin listener of the service process', () => {
  let service: ServiceProcess | undefined;
  afterEach(async () => {
    service?.child.kill('SIGINT');
    await service?.exited;
    service = undefined;
  });

  it('listens on ADMIN_PORT, not on the public port', async () => {
    const adminPort = (await freePort()) as number;
    service = await startService({ ADMIN_PORT: String(adminPort) });
    const described = await fetch(`http://127.0.0.1:${adminPort}/admin/openapi.json`);
    expect(described.status).toBe(200);
    expect(((await described.json()) as { info: { title: string } }).info.title).toMatch(/admin API/);
    const refused = await fetch(`http://127.0.0.1:${adminPort}/admin/v1/users`);
    expect(refused.status).toBe(401);
    expect((await fetch(`${service.base}/admin/v1/users`)).status).toBe(404);
    expect((await fetch(`${service.base}/admin/openapi.json`)).status).toBe(404);
    expect(listening(service)).toEqual([`http://127.0.0.1:${service.port}`, `http://127.0.0.1:${adminPort}`].sort());
  });

  it('opens no admin listener when ADMIN_PORT is empty', async () => {
    service = await startService({ ADMIN_PORT: '' });
    expect(listening(service)).toEqual([`http://127.0.0.1:${service.port}`]);
  });
});
