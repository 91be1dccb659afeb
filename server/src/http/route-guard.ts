/**
 * The standard each route keeps, declared in its Fastify `config` (issue 50, "Routes"): its throttle, whether it
 * changes state, and for a change its anti-forgery rule (public listener), its audit kind and whether it changes a way
 * of signing in (then the fresh-sign-in rule applies). Each listener keeps its route table as routes are added
 * (`recordRoutes`), and server/test/route-guards.test.ts reads it: a route that declares nothing, or whose behaviour
 * contradicts what it declares, fails there. A "none" always says why.
 */
import { ErrorCodes } from '@portal/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { AuditKind } from '../db/audit-log.js';

/** Not kept, and why: the reason is read by the next person to change the route. */
export type None = `none: ${string}`;

export interface RouteGuard {
  /**
   * `own`: the route's per-address budget (`config.rateLimit`, security/throttle.ts); `listener`: the admin
   * listener's per-key throttle on every call; or none, with the reason.
   */
  throttle: 'own' | 'listener' | None;
  /** Whether a call can change what is stored (a session, a factor, an account, a record). */
  changes: boolean;
  /** A change on the public listener: the anti-forgery token (http/csrf-guard.ts), or none with the check it has instead. */
  csrf?: 'token' | None;
  /** A change: the audit kind a call writes, for success and each refusal, or none with the reason. */
  audit?: AuditKind | readonly AuditKind[] | None;
  /** A change to how an account signs in: the fresh-sign-in rule (session/fresh-sign-in.ts) applies. */
  factor?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    guard?: RouteGuard;
  }
}

/** A route's declaration, for its `config` (spread beside its throttle, if it has one). */
export const guard = (declared: RouteGuard): { guard: RouteGuard } => ({ guard: declared });

/** A read of a page, a file or a record the same to every caller: nothing to throttle or to guard. */
export const PAGE_READ = guard({ throttle: 'none: a page or file, the same for every caller', changes: false });

/** A read of the caller's own state (a session, a cobrand): cheap, answered from memory or one indexed row. */
export const STATE_READ = guard({ throttle: 'none: a cheap read of the caller’s own state', changes: false });

/** One route of a listener's table: its method, its address, and its `config` and `schema` as registered. */
export interface RouteEntry {
  method: string;
  url: string;
  readonly config: Record<string, unknown> & { guard?: RouteGuard };
  /** `hide`: left out of the listener's OpenAPI document (a page, a file; SCIM, which describes itself). */
  readonly schema: { hide?: boolean };
}

const tables = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Keeps the listener's route table as routes are added; call it first, before any plugin adds a route. */
export function recordRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  tables.set(app, table);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // Read when asked: an `onRoute` hook of a plugin's own scope runs after this one and may still change it.
    for (const method of methods)
      table.push({
        method,
        url: route.url,
        get config() {
          return (route.config ?? {}) as RouteEntry['config'];
        },
        get schema() {
          return (route.schema ?? {}) as RouteEntry['schema'];
        },
      });
  });
}

/** The listener's routes, as `recordRoutes` kept them. */
export const routeTable = (app: FastifyInstance): readonly RouteEntry[] => tables.get(app) ?? [];

/** The usual change on the public listener: the route's own budget, the token, the kind it audits. */
export const browserChange = (audit: RouteGuard['audit'], factor = false): { guard: RouteGuard } =>
  guard({ throttle: 'own', changes: true, csrf: 'token', audit, ...(factor ? { factor } : {}) });

/** A refusal a declaration implies, as an OpenAPI document names it: its status, its code, and why. */
interface ImpliedRefusal {
  status: '403' | '429';
  code: string;
  why: string;
  /** Who is throttled, for the Retry-After header a 429 sends. */
  who?: string;
}

/** What a declaration makes a route refuse, besides what its own handler does. */
export function impliedRefusals(declared: RouteGuard | undefined): ImpliedRefusal[] {
  const refusals: ImpliedRefusal[] = [];
  if (declared?.csrf === 'token')
    refusals.push({
      status: '403',
      code: ErrorCodes.csrf,
      why: 'the anti-forgery header is missing or does not match the sec-token cookie',
    });
  if (declared?.factor)
    refusals.push({
      status: '403',
      code: ErrorCodes.signInAgain,
      why: 'the session signed in longer ago than the five minutes a change to how the account signs in needs',
    });
  if (declared?.throttle === 'own' || declared?.throttle === 'listener') {
    const who = declared.throttle === 'own' ? 'the address' : 'the key';
    const why = declared.throttle === 'own' ? 'too many calls from this address' : 'too many calls with this key';
    refusals.push({ status: '429', code: ErrorCodes.throttled, why, who });
  }
  return refusals;
}

const retryAfter = (who = 'the caller') => ({
  'Retry-After': { type: 'integer', description: `Seconds until ${who} may call again` },
});
const sentence = (text: string) => text[0]!.toUpperCase() + text.slice(1);

/**
 * Writes into an operation's answers the refusals its declaration implies, each in the error shape (`errorShape`),
 * so that no route's description can leave one out: both listeners' documents take them from here. Refusals that
 * share a status are told apart in its description by their codes; an answer the route describes itself is kept,
 * with the codes it does not name added to its description.
 */
export function documentRefusals(
  response: Record<string, unknown>,
  declared: RouteGuard | undefined,
  errorShape: object,
): void {
  for (const status of ['403', '429'] as const) {
    const own = response[status] as { description?: string; headers?: object } | undefined;
    const unnamed = impliedRefusals(declared).filter(
      (r) => r.status === status && !own?.description?.includes(`code ${r.code}`),
    );
    if (!unnamed.length) continue;
    const told = unnamed.map((r) => `${r.why} (code ${r.code})`).join('; or ');
    response[status] = {
      ...errorShape,
      ...own,
      description: own?.description ? `${own.description}; or ${told}` : sentence(told),
      ...(status === '429' ? { headers: own?.headers ?? retryAfter(unnamed[0]!.who) } : {}),
    };
  }
}
