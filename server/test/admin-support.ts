/**
 * The admin listener as the tests use it: built on the database of a test service (the public one), listening on a
 * loopback port of its own, called with keys made as `api-keys create` makes them and a client whose types are
 * generated from /admin/openapi.json (generated/admin-api.d.ts; admin-openapi.test.ts checks they are current).
 */
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import createClient from 'openapi-fetch';
import { buildAdminApp } from '../src/admin-app.js';
import { ApiKeys, type Scope } from '../src/admin/index.js';
import { AuditLog } from '../src/db/audit-log.js';
import { deriveKeys } from '../src/security/portal-secret.js';
import type { paths } from './generated/admin-api.js';
import { TEST_PORTAL_SECRET, type TestApp } from './harness.js';

export interface AdminListener {
  app: FastifyInstance;
  base: string;
  /** Makes a key as `api-keys create` does; answers it. */
  key(name: string, scopes: Scope[], cobrands?: string[]): Promise<string>;
  revoke(name: string): Promise<void>;
  /** A client generated from the description, sending the key (or none). */
  client(key?: string): ReturnType<typeof createClient<paths>>;
  close(): Promise<void>;
}

export async function startAdmin(
  t: TestApp,
  config: Partial<TestApp['config']> = {},
  logger: FastifyServerOptions['logger'] = false,
  env?: Record<string, string | undefined>,
): Promise<AdminListener> {
  const options = {
    ...{ config: { ...t.config, ...config }, database: t.database, clock: t.clock.now, logger },
    ...(env ? { env } : {}),
  };
  const app = await buildAdminApp(options);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const base = address.replace('localhost', '127.0.0.1');
  const keys = new ApiKeys(t.database.db, deriveKeys(TEST_PORTAL_SECRET).apiKey, t.clock.now);
  const audit = new AuditLog(t.database.db, t.clock.now);
  const origin = { actor: 'cli:test' };
  return {
    app,
    base,
    key: (name, scopes, cobrands = []) => keys.create({ name, scopes, cobrands }, audit, origin),
    revoke: (name) => keys.revoke(name, audit, origin),
    client: (key) => createClient<paths>({ baseUrl: base, headers: key ? { authorization: `Bearer ${key}` } : {} }),
    close: () => app.close(),
  };
}
