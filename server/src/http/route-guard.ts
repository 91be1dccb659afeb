/**
 * The standard each route keeps, declared in its Fastify `config` (issue 50, "Routes"): its throttle, whether it
 * changes state, and for a change its anti-forgery rule (public listener), its audit kind and whether it changes a way
 * of signing in (then the fresh-sign-in rule applies). Each listener keeps its route table as routes are added
 * (`recordRoutes`), and server/test/route-guards.test.ts reads it: a route that declares nothing, or whose behaviour
 * contradicts what it declares, fails there. A "none" always says why.
 */
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

/** One route of a listener's table: its method, its address and its `config` as registered. */
export interface RouteEntry {
  method: string;
  url: string;
  readonly config: Record<string, unknown> & { guard?: RouteGuard };
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
      });
  });
}

/** The listener's routes, as `recordRoutes` kept them. */
export const routeTable = (app: FastifyInstance): readonly RouteEntry[] => tables.get(app) ?? [];

/** The usual change on the public listener: the route's own budget, the token, the kind it audits. */
export const browserChange = (audit: RouteGuard['audit'], factor = false): { guard: RouteGuard } =>
  guard({ throttle: 'own', changes: true, csrf: 'token', audit, ...(factor ? { factor } : {}) });
