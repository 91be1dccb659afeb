/** Logs are JSON with a request ID and hold no secret: no password, cookie, anti-forgery token or user ID query. */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/app.js';
import { DEMO_PASSWORD } from '../src/demo-users.js';
import { DIALECTS, createTestApp, signInSequence } from './harness.js';

function capture(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines };
}

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    it('writes request logs with request IDs and without passwords, cookies, tokens or user IDs', async () => {
      const { stream, lines } = capture();
      const test = await createTestApp(dialect, { logger: { ...(loggerOptions('debug') as object), stream } });
      try {
        const client = test.client();
        await signInSequence(client, 'demopass', 'Wrong-Password-123');
        const ok = await signInSequence(client, 'demopass', DEMO_PASSWORD);
        expect(ok.statusCode).toBe(200);
        await client.get('/sdportal/rest/session');
        const session = client.sessionCookie;
        const token = client.csrfToken;
        expect(session && token).toBeTruthy();

        expect(lines.length).toBeGreaterThan(5);
        const records = lines.map((line) => JSON.parse(line) as { reqId?: string });
        expect(records.filter((r) => r.reqId).length).toBeGreaterThan(5);
        const all = lines.join('\n');
        for (const secret of [DEMO_PASSWORD, 'Wrong-Password-123', session!, token!, 'username=demopass']) {
          expect(all).not.toContain(secret);
        }
      } finally {
        await test.close();
      }
    });
  });
}
