/**
 * /openapi.json (OpenAPI 3.1, from the routes' TypeBox schemas): every call of §7 the service serves, each with the
 * answers it gives, its refusals in the error shape, and the anti-forgery header on every call that changes state.
 * A route without a schema fails here (it would document no answer but the generic refusals); an answer a route gives
 * but does not declare fails the fuzz test, which checks every answer it draws out.
 */
import { Paths, PathPatterns } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { useSharedTestApp } from './harness.js';

type Operation = { responses: Record<string, { content?: Record<string, { schema: unknown }> }>; security?: unknown[] };
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

  it('asks the anti-forgery header of every call that changes state, but not of the SAML answer a provider posts', async () => {
    const doc = await document();
    expect(doc.components.securitySchemes).toMatchObject({
      antiForgery: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
    });
    for (const [path, operations] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(operations)) {
        if (method === 'get') continue;
        const expected = path.startsWith('/sdportal/sso/') ? undefined : [{ antiForgery: [] }];
        expect(operation.security, `${method} ${path}`).toEqual(expected);
      }
  });
});
