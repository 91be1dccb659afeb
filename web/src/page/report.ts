/**
 * Failures the user need not see (§8: loading failures are only logged). They go to the console, and to the UI
 * logging service when remote logging is on (§6: the F618178ForgeLogging flag, from local storage or the build
 * environment, off by default as in §9). Service failures of the PIN and password calls always go to the
 * error-log call (§7).
 */
import { Paths } from '@portal/contract';
import { call } from '../api/client';

export const REMOTE_LOGGING_FLAG = 'F618178ForgeLogging';

export function remoteLoggingEnabled(): boolean {
  try {
    const stored = localStorage.getItem(REMOTE_LOGGING_FLAG);
    if (stored !== null) return stored === 'true';
  } catch {
    // storage unavailable: fall back to the build's setting
  }
  return import.meta.env.VITE_F618178_FORGE_LOGGING === 'true';
}

export function reportFailure(what: string, error: unknown): void {
  console.warn(`portal: ${what} failed`, error);
  if (!remoteLoggingEnabled()) return;
  const logEntries = [
    {
      message: `${what} failed`,
      level: 'ERROR',
      attributes: [
        { key: 'page', value: location.pathname },
        { key: 'error', value: String(error).slice(0, 500) },
      ],
    },
  ];
  call(Paths.uiLogEntries, { method: 'POST', json: { logEntries } }).catch(() => undefined);
}

/** §7: the PIN and password screens report service failures here. */
export function logErrorStatement(text: string): void {
  call(Paths.logErrorStatement, { method: 'PUT', json: text.slice(0, 2000) }).catch(() => undefined);
}
