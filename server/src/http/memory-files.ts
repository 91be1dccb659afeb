/**
 * A folder of small files (the web app's built scripts and stylesheets, the cobrands' logos and themes, the footers'
 * images) answered from memory. @fastify/static's file-system calls wait in libuv's pool, where argon2 also runs: in a
 * login storm a page's files waited 28 to 40 s behind password verifies (docs/operations.md, "Login storms"). Here a
 * file is read on the main thread (a small file from the page cache costs microseconds and never queues in the pool)
 * the first time it is asked for, and read again only when its size or modification time changes.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sendPrepared, type PreparedAnswer } from './prepared-answer.js';
import { PAGE_READ } from './route-guard.js';

export interface MemoryFilesOptions {
  root: string;
  /** The address the folder is served under, ending in `/`. */
  prefix: string;
  /** Whether a path (relative to root, no leading slash) may be served at all. */
  allowed?: (path: string) => boolean;
  cacheControl: string;
  /** The build wrote `.br` and `.gz` beside each script and stylesheet: those go to a browser that takes them. */
  preCompressed?: boolean;
  /** Left out of the listener's OpenAPI document (the admin listener's describes its API only). */
  hidden?: boolean;
}

/** The types the build and the catalogue produce; anything else is a download. */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
/** Enough for every built file and every cobrand's logo and theme; beyond it the memory starts again. */
const MAX_FILES = 1_000;

/** A file's stamp (size and time) when it can be served, else null. */
function stampOf(file: string): string | null {
  try {
    const stat = statSync(file);
    return stat.isFile() ? `${stat.size}:${stat.mtimeMs}` : null;
  } catch {
    return null;
  }
}

const readIfThere = (file: string): Buffer | undefined => (stampOf(file) ? readFileSync(file) : undefined);

function prepared(file: string, preCompressed: boolean): PreparedAnswer {
  const identity = readFileSync(file);
  const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  const br = preCompressed ? readIfThere(`${file}.br`) : undefined;
  const gzip = preCompressed ? readIfThere(`${file}.gz`) : undefined;
  return { type, etag, identity, ...(br && gzip ? { encoded: { br, gzip } } : {}) };
}

/** The file under root a request path names, or null for one that climbs out or is not allowed. */
function fileFor(root: string, path: string, allowed: (path: string) => boolean): string | null {
  let relative: string;
  try {
    relative = decodeURIComponent(path);
  } catch {
    return null;
  }
  if (relative.includes('\0') || !allowed(relative)) return null;
  const file = normalize(join(root, relative));
  return file.startsWith(root.endsWith(sep) ? root : `${root}${sep}`) ? file : null;
}

export function memoryFiles(app: FastifyInstance, options: MemoryFilesOptions): void {
  const { root, prefix, allowed = () => true, cacheControl, preCompressed = false, hidden = false } = options;
  const known = new Map<string, { stamp: string; answer: PreparedAnswer }>();
  const answerFor = (file: string): PreparedAnswer | null => {
    const stamp = stampOf(file);
    if (!stamp) return null;
    const cached = known.get(file);
    if (cached?.stamp === stamp) return cached.answer;
    const answer = prepared(file, preCompressed);
    if (known.size >= MAX_FILES) known.clear();
    known.set(file, { stamp, answer });
    return answer;
  };
  const schema = hidden ? { schema: { hide: true } } : {};
  app.get(`${prefix}*`, { ...schema, config: PAGE_READ }, async (request, reply) => {
    const path = request.url.slice(prefix.length).split('?')[0]!;
    const file = fileFor(root, path, allowed);
    const answer = file ? answerFor(file) : null;
    if (!answer) return reply.callNotFound();
    return sendPrepared(request, reply.header('cache-control', cacheControl), answer);
  });
}
