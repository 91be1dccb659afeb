/**
 * A client generated from the served /openapi.json (openapi-typescript's types, openapi-fetch's calls) runs the sign-in
 * sequence of docs/api.md against the service on a real loopback port: the logout pre-step, login info, the
 * form-encoded sign-in post whose answer is text, then the session. The client sends and reads each call in the media
 * types the description declares for it, as a client written from the description would; a description that says
 * JSON where the service takes a form gets the 415 a generated client would.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CSRF_COOKIE, Paths, REQUEST_HEADERS } from '@portal/contract';
import createClient, { type Middleware } from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/demo-users.js';
import { useSharedTestApp } from './harness.js';

type Operation = {
  operationId?: string;
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, unknown> }>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { in: string; name: string }> };
};

/** The media types an operation declares: the one its body is sent in, and the one its success answers in. */
function mediaTypes(doc: Document, path: string, method: string) {
  const operation = doc.paths[path]?.[method];
  if (!operation) throw new Error(`the description has no ${method} ${path}`);
  const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'))?.[1];
  return {
    sent: Object.keys(operation.requestBody?.content ?? {})[0],
    answered: Object.keys(success?.content ?? {})[0],
  };
}

/** A browser's cookie jar, and the anti-forgery header the description names, echoing the sec-token cookie. */
function browserLike(antiForgeryHeader: string): Middleware {
  const jar = new Map<string, string>();
  return {
    onRequest({ request }) {
      if (jar.size) request.headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
      const token = jar.get(CSRF_COOKIE);
      if (token && request.method !== 'GET') request.headers.set(antiForgeryHeader, token);
      return request;
    },
    onResponse({ response }) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';');
        const [name = '', value = ''] = pair.trim().split(/=(.*)/s);
        const gone = value === '' || attributes.some((a) => /^\s*max-age=(0|-)/i.test(a));
        if (gone) jar.delete(name);
        else jar.set(name, value);
      }
      return response;
    },
  };
}

/** The generated types compile, and say what the sign-in post takes and answers (cheap: no emit, one small file). */
function typeCheck(folder: string, generated: string): readonly string[] {
  writeFileSync(join(folder, 'api.d.ts'), generated);
  writeFileSync(
    join(folder, 'use.ts'),
    `import createClient from 'openapi-fetch';
import type { paths } from './api';
type SendLogin = paths['/pkmslogin.form']['post'];
const form: SendLogin['requestBody']['content']['application/x-www-form-urlencoded'] =
  { username: 'demopass', 'login-form-type': 'password', password: 'secret' };
const where: SendLogin['responses'][200]['content']['text/plain'] = '/';
const refused: SendLogin['responses'][401]['content']['text/plain'] = 'Invalid Login';
const client = createClient<paths>({ baseUrl: 'http://127.0.0.1' });
export const signIn = () => client.POST('/pkmslogin.form', { body: form, parseAs: 'text' });
export const who = async (): Promise<string | undefined> => (await client.GET('/sdportal/rest/session')).data?.userId;
export { where, refused };
`,
  );
  const require = createRequire(import.meta.url);
  const program = ts.createProgram([join(folder, 'use.ts')], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    paths: { 'openapi-fetch': [require.resolve('openapi-fetch').replace(/index\.\w+$/, 'index.d.mts')] },
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
    .filter(Boolean);
}

describe('a client generated from /openapi.json', () => {
  const t = useSharedTestApp('sqlite');
  let base = '';
  let folder = '';
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'portal-openapi-client-'));
    const address = await t().app.listen({ port: 0, host: '127.0.0.1' });
    base = address.replace('localhost', '127.0.0.1');
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('is generated from the served description, and its types compile', async () => {
    const generated = astToString(await openapiTS(new URL('/openapi.json', base)));
    expect(generated).toContain('"/pkmslogin.form"');
    expect(typeCheck(folder, generated)).toEqual([]);
  });

  it("runs docs/api.md's sign-in sequence: login info, the form-encoded sign-in post read as text, the session", async () => {
    const doc = (await (await fetch(new URL('/openapi.json', base))).json()) as Document;
    const client = createClient<Record<string, never>>({ baseUrl: base, headers: { ...REQUEST_HEADERS } });
    client.use(browserLike(doc.components.securitySchemes.antiForgery!.name));
    /** One call as the description declares it: its body in the media type it takes, its answer read as it says. */
    const call = (method: 'GET' | 'POST', path: string, init: { query?: object; body?: object } = {}) => {
      const { sent, answered } = mediaTypes(doc, path, method.toLowerCase());
      const options = {
        ...(init.query ? { params: { query: init.query } } : {}),
        ...(init.body ? { body: init.body, headers: { 'Content-Type': sent } } : {}),
        parseAs: answered?.startsWith('text/') ? ('text' as const) : ('json' as const),
      };
      const fetcher = method === 'GET' ? client.GET : client.POST;
      return (fetcher as (path: string, options: object) => ReturnType<typeof client.GET>)(path, options);
    };

    const preStep = await call('GET', Paths.logout);
    expect(preStep.response.status).toBe(204);

    const info = await call('GET', Paths.loginInfo, { query: { username: 'demopass' } });
    expect(info.response.status, JSON.stringify(info.error)).toBe(200);
    const { ldapId, loginType } = info.data as { ldapId: string; loginType: string };

    const refused = await call('POST', Paths.sendLogin, {
      body: { username: ldapId, 'login-form-type': loginType, password: 'not-the-password' },
    });
    expect(refused.response.status, JSON.stringify(refused.error)).toBe(401);
    expect(refused.response.headers.get('content-type')).toMatch(/^text\/plain/);

    const signIn = await call('POST', Paths.sendLogin, {
      body: { username: ldapId, 'login-form-type': loginType, password: DEMO_PASSWORD },
    });
    expect(signIn.response.status, JSON.stringify(signIn.error)).toBe(200);
    expect(signIn.data).toEqual(expect.stringMatching(/^\/sdportal\/platform\/home/));

    const session = await call('GET', Paths.session);
    expect(session.response.status, JSON.stringify(session.error)).toBe(200);
    expect(session.data).toMatchObject({ userId: 'demopass', cobrand: 'skerrymoor' });
  });
});
