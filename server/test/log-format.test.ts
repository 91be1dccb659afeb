/** LOG_FORMAT=pretty: one readable line a request for a terminal, nothing from the query string. */
import { Writable } from 'node:stream';
import { Paths } from '@portal/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/app.js';
import { createTestApp, type TestApp } from './harness.js';

describe('LOG_FORMAT=pretty', () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      callback();
    },
  });
  let t: TestApp | undefined;
  afterAll(() => t?.close());

  it('writes one readable line a request, with its path, status and time, and no query string', async () => {
    t = await createTestApp('sqlite', {
      config: { logFormat: 'pretty', logLevel: 'info' },
      logger: loggerOptions('info', 'pretty', sink),
    });
    await t.client().get('/healthz');
    await t.client().get(`${Paths.loginInfo}?username=someone-secret`);
    await expect.poll(() => lines.filter((line) => line.includes('/healthz'))).toHaveLength(1);
    expect(lines.find((line) => line.includes('/healthz'))).toMatch(
      /^\[\d\d:\d\d:\d\d\] INFO: GET \/healthz 200 \d+ ms$/,
    );
    await expect.poll(() => lines.some((line) => line.includes(Paths.loginInfo))).toBe(true);
    expect(lines.join('\n')).not.toContain('someone-secret');
    expect(lines.every((line) => !line.startsWith('{'))).toBe(true);
  });
});
