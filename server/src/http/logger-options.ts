/** The service's logger: pino's JSON lines or one readable line a request, with nothing secret written. */
import type { FastifyServerOptions } from 'fastify';
import { createRequire } from 'node:module';
import type pretty from 'pino-pretty';

/** Log redaction: nothing secret is written (ARCHITECTURE §3). */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'req.headers["x-csrf-token"]',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passcode',
  '*.newPin',
  '*.oldCredential',
  '*.newCredential',
  '*.questionResponse',
  '*.answer',
  '*.token',
  '*.cookie',
];

// pino-pretty is loaded only when asked for: an idle instance holds the code it loads (docs/benchmarks.md, figure 5).
const load = createRequire(import.meta.url);

/**
 * `json`: pino's lines for a log pipeline. `pretty`: one readable line a request, for a terminal (pino-pretty), written
 * to `destination`.
 */
export function loggerOptions(
  level: string,
  format: 'json' | 'pretty' = 'json',
  destination: NodeJS.WritableStream = process.stdout,
): FastifyServerOptions['logger'] {
  const stream =
    format === 'pretty'
      ? (load('pino-pretty') as typeof pretty)({
          destination,
          colorize: destination === process.stdout && process.stdout.isTTY,
          translateTime: 'SYS:HH:MM:ss',
          ignore: 'pid,hostname,reqId,req,res,responseTime,ip,method,route,path,status,ms',
          singleLine: true,
        })
      : undefined;
  return {
    ...(stream ? { stream } : {}),
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      // The query string can hold a user ID; the path is enough to follow a request.
      req: (request: { method: string; url: string; id: string }) => ({
        method: request.method,
        path: request.url.split('?')[0],
        id: request.id,
      }),
    },
  };
}
