/** The logging calls treat what browsers send as untrusted: JSON only, checked, capped, throttled, scrubbed. */
import { Paths } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  DIALECTS,
  expectErrorShape,
  signInSequence,
  withLoggedApp,
  type TestApp,
  type TestAppOverrides,
} from '../../test/harness.js';

interface ClientRecord {
  level: number;
  reqId: string;
  client: { source: string; cobrand: string | null; message: string; attributes?: { key: string; value: string }[] };
}

const withLoggingApp = (
  dialect: (typeof DIALECTS)[number],
  overrides: TestAppOverrides,
  run: (t: TestApp, records: () => ClientRecord[]) => Promise<void>,
) =>
  withLoggedApp(dialect, overrides, (t, lines) =>
    run(t, () => lines.filter((r) => r.client) as unknown as ClientRecord[]),
  );

/** A client as the web app is: it has loaded a page, so it holds an anti-forgery token. */
async function browserClient(t: TestApp) {
  const client = t.client();
  await client.openPage();
  return client;
}

const entry = (message: string, level = 'ERROR', attributes?: { key: string; value: string }[]) => ({
  message,
  level,
  ...(attributes ? { attributes } : {}),
});

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    it('writes UI log entries as structured records with their level, the session cobrand and a request ID', async () => {
      await withLoggingApp(dialect, {}, async (t, records) => {
        const client = t.client();
        await signInSequence(client, 'demopass');
        const response = await client.post(Paths.uiLogEntries, {
          json: {
            logEntries: [
              entry('change password failed', 'ERROR', [{ key: 'screen', value: 'change-password' }]),
              entry('loaded', 'INFO'),
            ],
          },
        });
        expect(response.statusCode).toBe(204);
        await expect.poll(() => records().length).toBe(2);
        const written = records();
        expect(written.map((r) => [r.level, r.client.message])).toEqual([
          [50, 'change password failed'],
          [30, 'loaded'],
        ]);
        expect(written[0]!.client).toMatchObject({
          source: 'uiLogEntries',
          cobrand: 'skerrymoor',
          attributes: [{ key: 'screen', value: 'change-password' }],
        });
        expect(written[0]!.reqId).toMatch(/^[0-9a-f-]{36}$/);
      });
    });

    it('writes the error statement of §7 and accepts it without a session', async () => {
      await withLoggingApp(dialect, {}, async (t, records) => {
        const response = await (
          await browserClient(t)
        ).request('PUT', Paths.logErrorStatement, { json: 'PIN service answered 503' });
        expect(response.statusCode).toBe(204);
        await expect.poll(() => records().length).toBe(1);
        expect(records()[0]!.client).toMatchObject({
          source: 'logErrorStatement',
          cobrand: null,
          message: 'PIN service answered 503',
        });
      });
    });

    it('neutralises line breaks and control characters so no log line can be forged', async () => {
      await withLoggingApp(dialect, {}, async (t, records) => {
        await (
          await browserClient(t)
        ).post(Paths.uiLogEntries, { json: { logEntries: [entry('first\n{"level":30,"msg":"forged"}\r\u0007end')] } });
        await expect.poll(() => records().length).toBe(1);
        const message = records()[0]!.client.message;
        expect(message).not.toMatch(/[\n\r\p{Cc}]/u);
        expect(message).toContain('first');
        expect(message).toContain('end');
      });
    });

    it('scrubs anything that looks like a password, passcode, PIN, answer, token or cookie', async () => {
      await withLoggingApp(dialect, {}, async (t, records) => {
        const secrets = [
          'Hunter-2-Secret',
          '24681357',
          '2468',
          'harbor-answer',
          'AbCdEfGhIjKlMnOpQrSt',
          'cookievalue123',
        ];
        await (
          await browserClient(t)
        ).post(Paths.uiLogEntries, {
          json: {
            logEntries: [
              entry('login failed password=Hunter-2-Secret passcode: 24681357 pin=2468'),
              entry('{"questionResponse":"harbor-answer"} sec-token=AbCdEfGhIjKlMnOpQrSt', 'INFO', [
                { key: 'sessionCookie', value: 'cookievalue123' },
                { key: 'newPin', value: '2468' },
                { key: 'screen', value: 'token 24681357' },
              ]),
            ],
          },
        });
        await expect.poll(() => records().length).toBe(2);
        const text = JSON.stringify(records());
        for (const secret of secrets) expect(text).not.toContain(secret);
        expect(text).toContain('[redacted]');
        expect(text).toContain('login failed');
      });
    });

    it('keeps out of the log a quoted password with spaces, a pwd value, a bearer token and an e-mail address', async () => {
      await withLoggingApp(dialect, {}, async (t, records) => {
        const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJkZW1vcGFzcyJ9.c2lnbmF0dXJlLXBhcnQ';
        const lines = [
          '{"password": "correct horse battery staple"}',
          'pwd=PwdSecretValue99',
          `Authorization: Bearer ${jwt}`,
          'mail for jane.doe@example.com bounced',
        ];
        const client = await browserClient(t);
        for (const line of lines)
          expect((await client.request('PUT', Paths.logErrorStatement, { json: line })).statusCode).toBe(204);
        expect(
          (await client.post(Paths.uiLogEntries, { json: { logEntries: lines.map((line) => entry(line)) } }))
            .statusCode,
        ).toBe(204);
        await expect.poll(() => records().length).toBe(8);
        const text = JSON.stringify(records());
        for (const secret of [
          'horse',
          'battery',
          'staple',
          'PwdSecretValue99',
          jwt.slice(0, 20),
          'c2lnbmF0dXJl',
          'jane.doe',
          'example.com',
        ]) {
          expect(text).not.toContain(secret);
        }
        expect(text).toContain('bounced');
      });
    });

    it.each([
      ['a body that is not JSON', { payload: 'logEntries', headers: { 'content-type': 'text/plain' } }, 415],
      ['a form body', { form: { message: 'x' } }, 415],
      ['no entries', { json: { logEntries: [] } }, 400],
      ['an unknown level', { json: { logEntries: [{ message: 'x', level: 'WARN' }] } }, 400],
      ['a message over 2000 characters', { json: { logEntries: [entry('x'.repeat(2001))] } }, 400],
      ['21 entries', { json: { logEntries: Array.from({ length: 21 }, () => entry('x')) } }, 400],
      [
        '11 attributes',
        {
          json: {
            logEntries: [
              entry(
                'x',
                'INFO',
                Array.from({ length: 11 }, (_, i) => ({ key: `k${i}`, value: 'v' })),
              ),
            ],
          },
        },
        400,
      ],
      ['a body over 16 KiB', { json: { logEntries: [entry('x'.repeat(1999))], pad: 'y'.repeat(17_000) } }, 413],
    ])('refuses %s in the error shape and writes nothing', async (_name, options, status) => {
      await withLoggingApp(dialect, {}, async (t, records) => {
        expectErrorShape(await (await browserClient(t)).post(Paths.uiLogEntries, options), status);
        expect(records()).toEqual([]);
      });
    });

    it('refuses a logging call without the anti-forgery token', async () => {
      await withLoggingApp(dialect, {}, async (t, records) => {
        expectErrorShape(
          await (await browserClient(t)).post(Paths.uiLogEntries, { json: { logEntries: [entry('x')] }, csrf: false }),
          403,
          'csrf',
        );
        expect(records()).toEqual([]);
      });
    });

    it('throttles the logging calls per client address', async () => {
      await withLoggingApp(dialect, { config: { rateLimitPerMinute: 2 } }, async (t, records) => {
        const client = await browserClient(t);
        const statuses = [];
        for (let i = 0; i < 3; i += 1)
          statuses.push((await client.post(Paths.uiLogEntries, { json: { logEntries: [entry(`n${i}`)] } })).statusCode);
        expect(statuses).toEqual([204, 204, 429]);
        await expect.poll(() => records().length).toBe(2);
      });
    });
  });
}
