/**
 * The console's calls to the admin listener: JSON, the console's own anti-forgery token on every change (its cookie,
 * readable by this script, echoed in X-XSRF-TOKEN), and the reason the operator typed, percent-encoded since a header
 * carries Latin-1 only and reasons are typed in every language.
 */
import type { ApiErrorBody } from '@portal/contract';
import { AUDIT_REASON_HEADER, ConsolePaths } from '@portal/contract/console';

export class ConsoleError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
  ) {
    super(`HTTP ${status}`);
  }
}

/** The token's cookie: `__Secure-` when the admin listener is served over https (staff/console-routes.ts). */
const TOKEN_COOKIES = ['__Secure-console-token', 'console-token'];

function token(): string {
  const cookies = new Map(
    document.cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return [pair.slice(0, at), decodeURIComponent(pair.slice(at + 1))] as const;
    }),
  );
  return TOKEN_COOKIES.map((name) => cookies.get(name)).find(Boolean) ?? '';
}

export interface ConsoleCallOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  json?: unknown;
  /** Why the operator makes the change: kept in its audit events and sent to the SIEM. */
  reason?: string;
}

export async function consoleCall<T>(path: string, options: ConsoleCallOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') headers['X-XSRF-TOKEN'] = token();
  if (options.json !== undefined) headers['Content-Type'] = 'application/json';
  if (options.reason) headers[AUDIT_REASON_HEADER] = encodeURIComponent(options.reason);
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  const response = await fetch(path, { method, headers, body, credentials: 'same-origin', cache: 'no-store' });
  if (!response.ok) {
    const answer = (await response.json().catch(() => null)) as ApiErrorBody | null;
    throw new ConsoleError(response.status, answer);
  }
  return (response.status === 204 ? null : await response.json()) as T;
}

/** An admin API call's address for the signed-in operator: `/console/api/admin/v1` and the call's own path. */
export const adminPath = (path: string): string => `${ConsolePaths.adminApi}${path}`;

/** A user's address in the admin API (user IDs may hold characters an address must escape). */
export const userPath = (userId: string, rest = ''): string => adminPath(`/users/${encodeURIComponent(userId)}${rest}`);
