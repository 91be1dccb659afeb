/**
 * Answers whose bytes change only when their data does (translation bundles, cobrand records, pages): encoded once,
 * as they are and as brotli and gzip, with a content hash as the ETag. A request then costs no serialising, hashing or
 * compressing: the service picks the encoding the browser asked for (Accept-Encoding) and sends stored bytes.
 * Kept for what it saves a request: docs/benchmarks.md, "Before and after", section "Prepared answers".
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, crc32, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this, compression saves less than the headers it adds. */
const COMPRESS_FROM_BYTES = 1024;
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

export interface PreparedAnswer {
  readonly type: string;
  readonly etag: string;
  readonly identity: Buffer;
  /** Absent when the body is too small to be worth compressing. */
  readonly encoded?: Readonly<Record<Encoding, Buffer>>;
  /**
   * The encodings are left open (flushed, not finished), for a short text each answer ends with (`tail` of
   * sendPrepared): a page's anti-forgery field, which differs for every browser, while the rest is the same for all.
   */
  readonly open?: { crc: number };
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Compression runs in the libuv pool (brotli's best quality takes milliseconds for a bundle), so preparing an
 * answer never stalls the requests around it.
 */
export async function prepareAnswer(
  body: string | Buffer,
  type: string,
  brotliQuality: number = constants.BROTLI_MAX_QUALITY,
  open = false,
): Promise<PreparedAnswer> {
  const identity = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  if (identity.length < COMPRESS_FROM_BYTES && !open) return { type, etag, identity };
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
      ...(open ? { finishFlush: constants.BROTLI_OPERATION_FLUSH } : {}),
    }),
    gzipped(identity, {
      level: constants.Z_BEST_COMPRESSION,
      ...(open ? { finishFlush: constants.Z_SYNC_FLUSH } : {}),
    }),
  ]);
  return { type, etag, identity, encoded: { br, gzip: gz }, ...(open ? { open: { crc: crc32(identity) } } : {}) };
}

/**
 * An open answer finished with `tail`, without compressing again: the tail goes in as stored data (an uncompressed
 * meta-block in brotli, RFC 7932 §9.2; a stored block in deflate, RFC 1951 §3.2.4), then the stream's end.
 */
function finished(answer: PreparedAnswer, tail: string): PreparedAnswer {
  const text = Buffer.from(tail, 'utf8');
  const identity = Buffer.concat([answer.identity, text]);
  const etag = `${answer.etag.slice(0, -1)}.${createHash('sha256').update(text).digest('base64url').slice(0, 12)}"`;
  if (!answer.encoded || !answer.open) return { type: answer.type, etag, identity };
  const stored = Buffer.alloc(3);
  // ISLAST 0, MNIBBLES 4 (code 0), MLEN - 1 in 16 bits, ISUNCOMPRESSED 1; padded to the byte.
  if (text.length > 0) stored.writeUIntLE(((text.length - 1) << 3) | (1 << 19), 0, 3);
  // ISLAST 1, ISLASTEMPTY 1.
  const br = Buffer.concat([answer.encoded.br, ...(text.length > 0 ? [stored, text] : []), Buffer.of(3)]);
  const block = Buffer.alloc(5);
  // BFINAL 1, BTYPE 00 (stored), then LEN and its complement.
  block.writeUInt8(1, 0);
  block.writeUInt16LE(text.length, 1);
  block.writeUInt16LE(~text.length & 0xffff, 3);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(text, answer.open.crc), 0);
  trailer.writeUInt32LE(identity.length % 2 ** 32, 4);
  const gz = Buffer.concat([answer.encoded.gzip, block, text, trailer]);
  return { type: answer.type, etag, identity, encoded: { br, gzip: gz } };
}

/**
 * Prepared answers by key, made on first use (a service that starts, or a test app, pays nothing for answers nobody
 * asks for). Requests that arrive while one is being made wait for the same one.
 */
export class PreparedAnswers {
  private readonly answers = new Map<string, Promise<PreparedAnswer>>();

  constructor(
    private readonly type: string,
    private readonly maxEntries = 1_000,
    /** Below the best for answers made often (pages: one per cobrand, language and screen), as figure 3 weighs it. */
    private readonly brotliQuality: number = constants.BROTLI_MAX_QUALITY,
    /** Answers that end with a text of each request's own (sendPrepared's `tail`). */
    private readonly open = false,
  ) {}

  /** The answer for `key`, made from `body()` the first time; null (and nothing kept) when there is no body. */
  get(key: string, body: () => string | Buffer | null | undefined): Promise<PreparedAnswer> | null {
    const known = this.answers.get(key);
    if (known) return known;
    const source = body();
    if (source === null || source === undefined) return null;
    // Keys are content versions for cobrand records: the bound keeps an often-changed catalogue from growing memory.
    if (this.answers.size >= this.maxEntries) this.answers.clear();
    const made = prepareAnswer(source, this.type, this.brotliQuality, this.open);
    this.answers.set(key, made);
    made.catch(() => this.answers.delete(key));
    return made;
  }
}

/** True when If-None-Match names this ETag (a list, weak forms and `*` included, RFC 9110 §13.1.2). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** `tail`: the end of an open answer (PreparedAnswers' `open`), this request's own; a short text (under 64 KB). */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  prepared: PreparedAnswer,
  tail = '',
): FastifyReply {
  const answer = prepared.open || tail ? finished(prepared, tail) : prepared;
  reply.header('etag', answer.etag);
  // Caches must keep the encodings apart, also for the 304 that stands for one of them.
  if (answer.encoded) {
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  }
  // Revalidation is for a found resource: the not-found page still answers 404.
  if (reply.statusCode === 200 && matches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  const accepted = request.headers['accept-encoding'];
  const encoding = answer.encoded && accepted ? negotiate(accepted, [...ENCODINGS]) : null;
  if (encoding) reply.header('content-encoding', encoding);
  return reply.type(answer.type).send(encoding ? answer.encoded![encoding] : answer.identity);
}
