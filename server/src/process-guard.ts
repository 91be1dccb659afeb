/**
 * The last line of defence: an error that escapes every handler (a promise nobody awaited, a callback that threw) is
 * logged and the service carries on. Node's default, ending the process, turns one bad scrape or background pass into
 * an outage of every instance at once (docs/decisions.md, "Nothing ends the process").
 */
import type { FastifyBaseLogger } from 'fastify';

export function guardProcess(log: Pick<FastifyBaseLogger, 'error'>): () => void {
  const rejected = (reason: unknown) => log.error({ err: reason }, 'unhandled rejection; the service carries on');
  const thrown = (error: Error) => log.error({ err: error }, 'uncaught exception; the service carries on');
  process.on('unhandledRejection', rejected);
  process.on('uncaughtException', thrown);
  return () => {
    process.off('unhandledRejection', rejected);
    process.off('uncaughtException', thrown);
  };
}
