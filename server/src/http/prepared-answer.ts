/**
 * Answers whose bytes change only when their data does (translation bundles, cobrand records, pages): encoded once,
 * as they are and as brotli and gzip, with a content hash as the ETag. A request then costs no serialising, hashing or
 * compressing: the service picks the encoding the browser asked for (Accept-Encoding) and sends stored bytes.
 * Kept for what it saves a request: docs/benchmarks.md, "Before and after", section "Prepared answers".
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
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
): Promise<PreparedAnswer> {
  const identity = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  if (identity.length < COMPRESS_FROM_BYTES) return { type, etag, identity };
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipped(identity, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { type, etag, identity, encoded: { br, gzip: gz } };
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
  ) {}

  /** The answer for `key`, made from `body()` the first time; null (and nothing kept) when there is no body. */
  get(key: string, body: () => string | Buffer | null | undefined): Promise<PreparedAnswer> | null {
    const known = this.answers.get(key);
    if (known) return known;
    const source = body();
    if (source === null || source === undefined) return null;
    // Keys are content versions for cobrand records: the bound keeps an often-changed catalogue from growing memory.
    if (this.answers.size >= this.maxEntries) this.answers.clear();
    const made = prepareAnswer(source, this.type, this.brotliQuality);
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

export function sendPrepared(request: FastifyRequest, reply: FastifyReply, answer: PreparedAnswer): FastifyReply {
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
