/** The typed fetch client: every call carries §7's headers, and non-GET calls the anti-forgery token. */
import { CSRF_COOKIE, REQUEST_HEADERS, type ApiErrorBody } from '@portal/contract';
import { readCookie } from '../page/cookies';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
    /** Seconds the service asked to wait before asking again (Retry-After), when it said. */
    readonly retryAfter: number | null = null,
  ) {
    super(`HTTP ${status}`);
  }
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  json?: unknown;
  form?: Record<string, string>;
}

export async function call(path: string, options: CallOptions = {}): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { ...REQUEST_HEADERS };
  let body: string | undefined;
  // §7: only a relative URL gets the token, so it never reaches another origin (checklist 35).
  if (method !== 'GET' && method !== 'HEAD' && isRelative(path)) {
    const token = readCookie(CSRF_COOKIE) ?? '';
    headers['X-XSRF-TOKEN'] = token;
    headers['X-CSRF-TOKEN'] = token;
  }
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const response = await fetch(path, { method, headers, body, credentials: 'same-origin', cache: 'no-store' });
  if (!response.ok) {
    const errorBody = (response.headers.get('content-type') ?? '').includes('json')
      ? ((await response.json().catch(() => null)) as ApiErrorBody | null)
      : null;
    throw new HttpError(response.status, errorBody, retryAfterOf(response));
  }
  return response;
}

/** Retry-After in seconds (RFC 9110 §10.2.3 also allows a date, which the portal never sends); null when absent. */
function retryAfterOf(response: Response): number | null {
  const value = response.headers.get('retry-after');
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value) : null;
}

/** A path on this origin: one leading slash, not `//host` nor `/\host` (which browsers read as another host). */
export const isRelative = (path: string): boolean => /^\/(?![/\\])/.test(path);

export const getJson = async <T>(path: string): Promise<T> => (await call(path)).json() as Promise<T>;
export const getText = async (path: string): Promise<string> => (await call(path)).text();
