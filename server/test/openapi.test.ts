/**
 * /openapi.json (OpenAPI 3.1, from the routes' TypeBox schemas): every call of §7 the service serves, each with an
 * operationId and a summary, the media types it really takes and answers, its refusals in the error shape (the ones a
 * client must tell apart named one by one), and the anti-forgery header on every call that changes state. It passes
 * @redocly/openapi-core's recommended rules. A route without a schema fails here (it would document no answer but the
 * generic refusals); an answer a route gives but does not declare fails the fuzz test, which checks every answer it
 * draws out. openapi-client.test.ts runs the sign-in sequence with a client generated from it.
 */
import { Paths, PathPatterns, ServicePaths } from '@portal/contract';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { useSharedTestApp } from './harness.js';

type Response = { content?: Record<string, { schema: unknown }>; headers?: Record<string, unknown> };
type Operation = {
  operationId?: string;
  summary?: string;
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, Response>;
  security?: unknown[];
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, unknown>;
};

const openApiPath = (pattern: string) => pattern.replace(/:(\w+)/g, '{$1}');
const SECTION_7 = [
  Paths.loginInfo,
  Paths.sendLogin,
  Paths.loginSignin,
  Paths.session,
  Paths.sessionPing,
  Paths.sessionWarningContent,
  Paths.logErrorStatement,
  Paths.uiLogEntries,
  Paths.securityQuestions,
  Paths.temporaryPasswords,
  Paths.forgotPassword,
  Paths.changePassword,
  Paths.changePasswordServiceUrls,
  Paths.tokenUserInformation,
  Paths.logout,
  Paths.logoutLabels,
  Paths.externalLogoutUrl,
  Paths.logoutReturn,
  ...Object.values(PathPatterns).map(openApiPath),
];

describe('/openapi.json', () => {
  const t = useSharedTestApp('sqlite');
  const document = async () => (await t().client().get('/openapi.json')).json<Document>();

  it('describes every call of §7 the service serves, and no page or file', async () => {
    const doc = await document();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(SECTION_7));
    expect(Object.keys(doc.paths).some((p) => p.includes('{locale}') && p.endsWith('PortalLabels.json'))).toBe(true);
    for (const path of Object.keys(doc.paths))
      expect(path, path).not.toMatch(
        /^\/public-portal-ui\/(?!assets\/i18n\/)|^\/sdportal\/(cobrands|footers|platform)\//,
      );
  });

  it('gives every operation the answers it succeeds with, and its refusals in the error shape', async () => {
    const doc = await document();
    for (const [path, operations] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(operations)) {
        const statuses = Object.keys(operation.responses);
        const where = `${method.toUpperCase()} ${path}: ${statuses.join(' ')}`;
        expect(
          statuses.some((s) => /^[23]\d\d$/.test(s)),
          where,
        ).toBe(true);
        const refusal = operation.responses['4XX'] ?? operation.responses['4xx'];
        expect(JSON.stringify(refusal), where).toContain('"errors"');
      }
  });

  it('asks the anti-forgery header of every call that changes state, but not of the SAML answer or CSP reports', async () => {
    const doc = await document();
    expect(doc.components.securitySchemes).toMatchObject({
      antiForgery: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
    });
    for (const [path, operations] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(operations)) {
        const guarded = method !== 'get' && !path.startsWith('/sdportal/sso/') && path !== ServicePaths.cspReports;
        expect(operation.security, `${method} ${path}`).toEqual(guarded ? [{ antiForgery: [] }] : []);
        if (guarded) expect(JSON.stringify(operation.responses['403']), `${method} ${path}`).toContain('csrf');
      }
  });

  it('names every operation once, with a summary', async () => {
    const operations = Object.values((await document()).paths).flatMap((byMethod) => Object.values(byMethod));
    const ids = operations.map((operation) => operation.operationId);
    expect(
      ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z]+$/.test(id)),
      ids.join(' '),
    ).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const operation of operations) expect(operation.summary, operation.operationId).toMatch(/\w{3}/);
  });

  it('declares the media types the calls really take and answer: the form-encoded sign-in and SAML answer, text', async () => {
    const { paths } = await document();
    const signIn = paths[Paths.sendLogin]!.post!;
    expect(Object.keys(signIn.requestBody!.content)).toEqual(['application/x-www-form-urlencoded']);
    expect(Object.keys(signIn.responses['200']!.content!)).toEqual(['text/plain']);
    expect(Object.keys(signIn.responses['401']!.content!)).toEqual(['text/plain']);
    const saml = paths[openApiPath(PathPatterns.ssoCallback)]!.post!;
    expect(Object.keys(saml.requestBody!.content)).toEqual(['application/x-www-form-urlencoded']);
    for (const path of [Paths.externalLogoutUrl, PathPatterns.cobrandAbbreviation])
      expect(Object.keys(paths[path]!.get!.responses['200']!.content!), path).toEqual(['text/plain']);
    expect(Object.keys(paths[Paths.loginSignin]!.post!.requestBody!.content)).toEqual(['application/json']);
  });

  it('names the refusals a client must tell apart: 304 of the ETag calls, 413, 415, 429 with Retry-After, 503', async () => {
    const { paths } = await document();
    for (const pattern of [PathPatterns.cobrand, PathPatterns.cobrandLocales])
      expect(paths[openApiPath(pattern)]!.get!.responses['304'], pattern).toBeDefined();
    for (const [path, operations] of Object.entries(paths))
      for (const [method, { requestBody, responses }] of Object.entries(operations)) {
        const where = `${method} ${path}`;
        if (requestBody) {
          expect(JSON.stringify(responses['413']), where).toContain('payload.too.large');
          expect(JSON.stringify(responses['415']), where).toContain('unsupported.media.type');
        }
        if (!['/healthz', '/readyz'].includes(path))
          expect(JSON.stringify(responses['503']), where).toContain('errors');
      }
    for (const path of [
      Paths.loginInfo,
      Paths.sendLogin,
      Paths.loginSignin,
      Paths.uiLogEntries,
      Paths.changePassword,
    ]) {
      const throttled = Object.values(paths[path]!)[0]!.responses['429']!;
      expect(throttled.headers, path).toHaveProperty('Retry-After');
      expect(JSON.stringify(throttled.content), path).toContain('errors');
    }
  });

  it("passes @redocly/openapi-core's recommended rules: no error, and only the warnings it is meant to have", async () => {
    const doc = await document();
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    const said = (p: (typeof problems)[number]) => `${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`;
    expect(problems.filter((p) => p.severity === 'error').map(said)).toEqual([]);
    // Allowed: `info-license`, since the portal is the bank's own and published under no licence, so none is named;
    // and `operation-2xx-response` on the addresses a browser is sent to that answer only with a redirect (single
    // sign-on and the logout return link), which is what they are for.
    const redirectsOnly = (pointer: string) => {
      const [, path = '', method = ''] = /^#\/paths\/([^/]+)\/(\w+)\/responses$/.exec(pointer) ?? [];
      const statuses = Object.keys(doc.paths[path.replaceAll('~1', '/')]?.[method]?.responses ?? {});
      return statuses.some((s) => /^3\d\d$/.test(s)) && !statuses.some((s) => /^2/.test(s));
    };
    const unexpected = problems.filter(
      (p) =>
        p.severity !== 'error' &&
        p.ruleId !== 'info-license' &&
        !(p.ruleId === 'operation-2xx-response' && redirectsOnly(p.location[0]?.pointer ?? '')),
    );
    expect(unexpected.map(said)).toEqual([]);
  });
});
