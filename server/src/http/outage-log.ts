/**
 * While a part of the system is away every request fails the same way: the log gets one line per part and cause in
 * each interval, with how many failures it stands for, rather than a stack trace per refused request.
 */
import type { FastifyBaseLogger } from 'fastify';

const INTERVAL_MS = 10_000;
/** Causes are few (a refused connection, a full disk); the map is emptied should they ever be many. */
const MAX_CAUSES = 100;

export type OutageReporter = (part: string, error: unknown) => void;

/** The cause as an operator reads it: the error's code and the first line of its message. */
export function causeOf(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const text = String(message ?? error)
    .split('\n')[0]!
    .slice(0, 300);
  return typeof code === 'string' && !text.includes(code) ? `${code}: ${text}` : text;
}

export function outageLog(
  log: Pick<FastifyBaseLogger, 'error'>,
  now: () => number = Date.now,
  intervalMs = INTERVAL_MS,
): OutageReporter {
  const last = new Map<string, { at: number; alike: number }>();
  return (part, error) => {
    const cause = causeOf(error);
    const key = `${part}\u0000${cause}`;
    const seen = last.get(key);
    const at = now();
    if (seen && at - seen.at < intervalMs) {
      seen.alike += 1;
      return;
    }
    if (last.size >= MAX_CAUSES) last.clear();
    last.set(key, { at, alike: 0 });
    log.error({ part, cause, alikeSinceLast: seen?.alike ?? 0, err: error }, `${part} unavailable: ${cause}`);
  };
}
