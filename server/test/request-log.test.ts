/**
 * What joins a request across the proxy's log, the service's request line and its security lines: the request ID is
 * the trusted proxy's (docs/operations.md, "Behind a proxy", haproxy as documented, run for real), never a client's;
 * the admin listener writes one line a request as the public one does, with the key's name.
 */
import type { AddressInfo } from 'node:net';
import { Paths } from '@portal/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { startAdmin } from './admin-support.js';
import { Haproxy } from './haproxy.js';
import { createTestApp, keptLog, type TestApp, type TestAppOverrides } from './harness.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanups.splice(0).reverse()) await step();
});
const start = async (overrides: TestAppOverrides): Promise<TestApp> => {
  const t = await createTestApp('sqlite', overrides);
  cleanups.push(() => t.close());
  return t;
};

describe('the request ID', () => {
  it.each([
    ['nothing in front (TRUST_PROXY=false)', false, '127.0.0.1'],
    ['a peer that is not among the proxies named', '10.0.0.0/8', '203.0.113.9'],
  ])("is made by the service, never the client's own, with %s", async (_, trustProxy, remoteAddress) => {
    const { lines, logger } = keptLog();
    const t = await start({ logger, config: { trustProxy } });
    const answer = await t.client({ remoteAddress }).get('/healthz', { headers: { 'x-request-id': 'forged-1' } });
    const id = answer.headers['x-request-id'];
    expect(id).toMatch(UUID);
    await expect.poll(() => lines.filter((line) => line.reqId === id && line.path === '/healthz')).toHaveLength(1);
    expect(lines.some((line) => line.reqId === 'forged-1')).toBe(false);
  });

  it('is the X-Request-Id of a proxy TRUST_PROXY names', async () => {
    const { lines, logger } = keptLog();
    const t = await start({ logger, config: { trustProxy: '10.0.0.0/8' } });
    const proxy = t.client({ remoteAddress: '10.1.2.3' });
    const answer = await proxy.get('/healthz', { headers: { 'x-request-id': 'haproxy-7f:1' } });
    expect(answer.headers['x-request-id']).toBe('haproxy-7f:1');
    await expect.poll(() => lines.filter((line) => line.reqId === 'haproxy-7f:1')).toHaveLength(1);
  });

  it("behind haproxy as documented is haproxy's own, the same in its log, the answer and the service's line", async () => {
    const { lines, logger } = keptLog();
    const t = await start({ logger, config: { trustProxy: 1 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const proxy = await new Haproxy().start([(t.app.server.address() as AddressInfo).port]);
    cleanups.push(() => proxy.stop());

    const answer = await fetch(`${proxy.base}${Paths.loginInfo}?username=someone`, {
      headers: { 'x-request-id': 'forged-1', 'user-agent': 'BankTest/1.0' },
    });
    expect(answer.status).toBe(200);
    const id = answer.headers.get('x-request-id')!;
    expect(id).not.toBe('forged-1');
    expect(id).toMatch(/^[0-9A-F]+:[0-9A-F]+_[0-9A-F]+:[0-9A-F]+_[0-9A-F]+_[0-9A-F]+$/);
    await expect
      .poll(() => lines.filter((line) => line.reqId === id))
      .toEqual([expect.objectContaining({ route: Paths.loginInfo, status: 200, ip: '127.0.0.1' })]);
    await expect
      .poll(() => proxy.logs.filter((line) => line.includes(` ${id} GET ${Paths.loginInfo}`)))
      .toHaveLength(1);
    expect(lines.some((line) => line.reqId === 'forged-1')).toBe(false);
    expect(proxy.logs.join('\n')).not.toContain('forged-1');
  });
});

describe('the admin listener', () => {
  it("writes one line a request, as the public listener, with the key's name", async () => {
    const { lines, logger } = keptLog();
    const t = await start({});
    const admin = await startAdmin(t, {}, logger);
    cleanups.push(() => admin.close());
    const key = await admin.key('helpdesk', ['users:read']);

    const listed = await fetch(`${admin.base}/admin/v1/users`, {
      headers: { authorization: `Bearer ${key}`, 'x-request-id': 'forged-1' },
    });
    const refused = await fetch(`${admin.base}/admin/v1/users`);
    expect([listed.status, refused.status]).toEqual([200, 401]);

    const [listedId, refusedId] = [listed, refused].map((answer) => answer.headers.get('x-request-id'));
    expect(listedId).toMatch(UUID);
    expect(refusedId).toMatch(UUID);
    await expect.poll(() => lines.filter((line) => line.status !== undefined)).toHaveLength(2);
    expect(lines.filter((line) => line.status !== undefined)).toEqual([
      expect.objectContaining({
        reqId: listedId,
        ip: '127.0.0.1',
        key: 'helpdesk',
        route: '/admin/v1/users',
        status: 200,
      }),
      expect.objectContaining({ reqId: refusedId, ip: '127.0.0.1', key: null, route: '/admin/v1/users', status: 401 }),
    ]);
    // Not Fastify's own pair of lines, numbered req-1, req-2 … by each process.
    expect(lines.filter((line) => /^req-\d+$/.test(String(line.reqId)))).toEqual([]);
    expect(lines.filter((line) => ['incoming request', 'request completed'].includes(String(line.msg)))).toEqual([]);
  });
});
