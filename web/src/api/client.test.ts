/** Checklist 35: the anti-forgery token goes only to this origin's own paths; a refusal reaches the screen whole. */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError, call, isRelative } from './client';

describe('the fetch client', () => {
  let server: Server;
  let seen: IncomingHttpHeaders | null = null;
  let base = '';

  beforeAll(async () => {
    // What a signed-in page of the portal has: its sec-token cookie, readable by the client.
    Object.assign(globalThis, { document: { cookie: 'sec-token=abcdefghij0123456789' } });
    server = createServer((request, response) => {
      seen = request.headers;
      // The service's refusal for load: the error shape and when to ask again.
      if (request.url === '/busy') response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '2' });
      response.end(request.url === '/busy' ? '{"errors":[{"code":"busy","message":"Busy"}]}' : '{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    Reflect.deleteProperty(globalThis, 'document');
  });

  it('sends no anti-forgery header to an absolute address, even with a POST', async () => {
    await call(`${base}/collect`, { method: 'POST', json: {} });
    expect(seen?.['x-xsrf-token']).toBeUndefined();
    expect(seen?.['x-csrf-token']).toBeUndefined();
    expect(seen?.['x-requested-with']).toBe('XMLHttpRequest');
  });

  it('hands a refusal on with its error shape and its Retry-After in seconds', async () => {
    const refused = await call(`${base}/busy`, { method: 'POST', form: {} }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    const { status, body, retryAfter } = refused as HttpError;
    expect({ status, code: body?.errors[0]?.code, retryAfter }).toEqual({ status: 503, code: 'busy', retryAfter: 2 });
  });

  it.each([
    ['/sdportal/rest/session', true],
    ['/pkmslogin.form', true],
    ['//evil.example/x', false],
    ['/\\evil.example/x', false],
    ['https://evil.example/x', false],
    ['http://localhost:8080/sdportal/logout', false],
    ['sdportal/rest/session', false],
    ['javascript:alert(1)', false],
  ])('counts %s as relative: %s', (path, relative) => {
    expect(isRelative(path)).toBe(relative);
  });
});
