/** A page prepared once for everyone, each answer ending with the browser's own anti-forgery field (issue 33). */
import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PreparedAnswers, sendPrepared } from './prepared-answer.js';

const page = `<!doctype html><html><body>${'<p>Sign in to the portal, all fields are required.</p>'.repeat(200)}`;

async function answerWith(tail: string, encoding: string, ifNoneMatch?: string) {
  const answers = new PreparedAnswers('text/html; charset=utf-8', 10, 5, true);
  const app = Fastify();
  app.get('/', async (request, reply) => sendPrepared(request, reply, (await answers.get('page', () => page))!, tail));
  const headers = { 'accept-encoding': encoding, ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) };
  const response = await app.inject({ url: '/', headers });
  await app.close();
  return response;
}

const decoded = (body: Buffer, encoding: string | undefined) =>
  (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');

describe('an open prepared answer', () => {
  for (const encoding of ['br', 'gzip', 'identity'])
    it(`ends with each request's own text, in ${encoding}`, async () => {
      const tail = '<input type="hidden" name="sec-token" value="AbCdEfGh0123456789xy"></body></html>';
      const response = await answerWith(tail, encoding);
      expect(response.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(decoded(response.rawPayload, response.headers['content-encoding'] as string)).toBe(page + tail);
    });

  it('is finished as well with nothing to add', async () => {
    for (const encoding of ['br', 'gzip']) {
      const response = await answerWith('', encoding);
      expect(decoded(response.rawPayload, encoding)).toBe(page);
    }
  });

  it('has an ETag of its own per tail, which a browser holding that tail revalidates', async () => {
    const one = await answerWith('one', 'br');
    const two = await answerWith('two', 'br');
    expect(one.headers.etag).not.toBe(two.headers.etag);
    expect((await answerWith('one', 'br', one.headers.etag as string)).statusCode).toBe(304);
    expect((await answerWith('two', 'br', one.headers.etag as string)).statusCode).toBe(200);
  });
});
