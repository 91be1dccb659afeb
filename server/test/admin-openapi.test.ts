/**
 * /admin/openapi.json: the admin API's description passes @redocly/openapi-core's recommended rules, names the bearer
 * key and the refusals of every call (SCIM's calls, on the same listener, are not in it: SCIM has its own discovery
 * endpoints and error shape), and the client types the admin tests use (generated/admin-api.d.ts, from
 * openapi-typescript) are generated from it as served now. After a change of the API, regenerate them:
 *   UPDATE_ADMIN_TYPES=1 npx vitest run --project server test/admin-openapi.test.ts
 * The public listener serves none of it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminListener, startAdmin } from './admin-support.js';
import { createTestApp, type TestApp } from './harness.js';

const TYPES_FILE = new URL('./generated/admin-api.d.ts', import.meta.url);
const HEADER =
  '// Generated from /admin/openapi.json by openapi-typescript (test/admin-openapi.test.ts); do not edit.\n';

type Operation = { operationId?: string; responses: Record<string, unknown>; security?: unknown[] };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

describe('/admin/openapi.json', () => {
  let t: TestApp;
  let admin: AdminListener;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    admin = await startAdmin(t);
  });
  afterAll(async () => {
    await admin?.close();
    await t?.close();
  });
  const document = async () => (await (await fetch(`${admin.base}/admin/openapi.json`)).json()) as Document;

  it('describes every admin call with its bearer key and its refusals in the error shape', async () => {
    const doc = await document();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/admin/v1/users',
        '/admin/v1/users/{userId}',
        '/admin/v1/users/{userId}/token',
        '/admin/v1/users/{userId}/sessions',
        '/admin/v1/users/{userId}/sso-links',
        '/admin/v1/users/{userId}/passkeys',
        '/admin/v1/users/{userId}/passkeys/{passkeyId}',
        '/admin/v1/audit',
        '/admin/v1/audit/export',
        '/admin/v1/cobrands',
        '/admin/v1/cobrands/import',
      ]),
    );
    for (const [path, operations] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method} ${path}`;
        expect(operation.operationId, where).toBeTruthy();
        expect(operation.security, where).toEqual([{ bearer: [] }]);
        for (const status of ['401', '403', '429'])
          expect(JSON.stringify(operation.responses[status]), where).toContain('"errors"');
      }
  });

  it('leaves SCIM out: /scim/v2 describes itself (ServiceProviderConfig, ResourceTypes, Schemas)', async () => {
    expect(Object.keys((await document()).paths).filter((p) => p.startsWith('/scim'))).toEqual([]);
    const key = await admin.key('scim-doc', ['scim']);
    const config = await fetch(`${admin.base}/scim/v2/ServiceProviderConfig`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(config.status).toBe(200);
  });

  it("passes the linter's recommended rules", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(await document()),
      absoluteRef: 'admin.json',
      config,
    });
    const said = (p: (typeof problems)[number]) => `${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`;
    // Allowed: `info-license` (the portal is the bank's own, published under no licence).
    expect(problems.filter((p) => p.ruleId !== 'info-license').map(said)).toEqual([]);
  });

  it('is what the generated client types were made from', async () => {
    const generated = HEADER + astToString(await openapiTS(new URL('/admin/openapi.json', admin.base)));
    if (process.env.UPDATE_ADMIN_TYPES) writeFileSync(TYPES_FILE, generated);
    expect(readFileSync(TYPES_FILE, 'utf8'), 'regenerate with UPDATE_ADMIN_TYPES=1').toBe(generated);
  });

  it('is not served, nor any admin call answered, on the public listener', async () => {
    const client = t.client();
    expect((await client.get('/admin/openapi.json')).statusCode).toBe(404);
    expect((await client.get('/admin/v1/users')).statusCode).toBe(404);
    expect((await client.get('/admin/v1/users/demopass')).statusCode).toBe(404);
    const publicDoc = (await client.get('/openapi.json')).json<Document>();
    expect(Object.keys(publicDoc.paths).filter((p) => p.startsWith('/admin'))).toEqual([]);
  });
});
