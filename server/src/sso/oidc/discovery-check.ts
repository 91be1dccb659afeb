/**
 * The OpenID provider's discovery document read once at start, for the start banner: a cobrand whose provider cannot
 * be reached, or whose document would make every sign-on fail, is not reported ready. It is read as openid-client
 * reads it at the first sign-on (the well-known address after the issuer's path, no redirect followed, a status of 200,
 * a JSON object naming the same issuer), without loading that library at start (docs/benchmarks.md, figure 5).
 */
import { bodyUpTo } from '../bounded-body.js';
import { isLoopbackHttp, type OidcSettings } from '../providers.js';

/** A few seconds: the banner waits for the slowest provider, and a provider that answers at all answers in less. */
export const DISCOVERY_TIMEOUT_MS = 5_000;
/** A discovery document is a few kilobytes. */
const MAX_BYTES = 1024 * 1024;

/** Where openid-client looks for the document of `issuer` (OpenID Connect Discovery 1.0 §4). */
export function discoveryUrl(issuer: string): string {
  const url = new URL(issuer);
  url.pathname = `${url.pathname}/.well-known/openid-configuration`.replace('//', '/');
  return url.href;
}

/** Why the discovery document cannot serve a sign-on, or null; an issuer that is not https is reported apart. */
export async function discoveryProblem(idp: OidcSettings, timeoutMs = DISCOVERY_TIMEOUT_MS): Promise<string | null> {
  if (!idp.issuer.startsWith('https:') && !isLoopbackHttp(idp.issuer)) return null;
  let url = idp.issuer;
  try {
    url = discoveryUrl(idp.issuer);
    const problem = documentProblem(idp.issuer, await readDocument(url, timeoutMs));
    return problem && `the provider's discovery document (${url}) ${problem}`;
  } catch (error) {
    return `the provider's discovery document (${url}) could not be read: ${(error as Error).message}`;
  }
}

async function readDocument(url: string, timeoutMs: number): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      redirect: 'manual',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new Error(unreachable(error as Error, timeoutMs), { cause: error });
  }
  if (response.status !== 200) {
    const to = response.headers.get('location');
    throw new Error(`the address answered HTTP ${response.status}${to ? ` (to ${to}; no redirect is followed)` : ''}`);
  }
  const text = await bodyUpTo(response, MAX_BYTES);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`not JSON (${response.headers.get('content-type') ?? 'no content type'})`, { cause: error });
  }
}

function unreachable(error: Error, timeoutMs: number): string {
  if (error.name === 'TimeoutError') return `no answer within ${timeoutMs / 1000} s`;
  // undici's "fetch failed" says nothing; its cause names the refusal (ECONNREFUSED, ENOTFOUND, a certificate's).
  const cause = error.cause as (Error & { code?: string }) | undefined;
  return `unreachable (${cause?.message || cause?.code || error.message})`;
}

/** What in the document stops a sign-on: another issuer, or no address to send the user to or to take tokens at. */
function documentProblem(issuer: string, document: unknown): string | null {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return 'is not a JSON object';
  const fields = document as Record<string, unknown>;
  if (typeof fields.issuer !== 'string' || !fields.issuer) return 'names no issuer';
  // openid-client compares the two as URLs: `https://idp.example` and `https://idp.example/` are the same issuer.
  if (!URL.canParse(fields.issuer) || new URL(fields.issuer).href !== new URL(issuer).href)
    return `names the issuer ${fields.issuer}, not the record's ${issuer}: every sign-on would be refused`;
  for (const endpoint of ['authorization_endpoint', 'token_endpoint'])
    if (typeof fields[endpoint] !== 'string' || !fields[endpoint]) return `names no ${endpoint}`;
  return null;
}
