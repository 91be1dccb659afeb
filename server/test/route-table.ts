/** A listener's routes as the route-guard tests walk them (http/route-guard.ts keeps the table). */
import type { FastifyInstance } from 'fastify';
import { routeTable, type RouteEntry } from '../src/http/route-guard.js';

/** The routes to check: a HEAD Fastify adds beside a GET is the GET's own route. */
export function routesOf(app: FastifyInstance): RouteEntry[] {
  const table = routeTable(app);
  const gets = new Set(table.filter((r) => r.method === 'GET').map((r) => r.url));
  return table.filter((r) => !(r.method === 'HEAD' && gets.has(r.url)));
}

export const nameOf = (r: RouteEntry): string => `${r.method} ${r.url}`;

/** An address to call: each parameter and wildcard filled in. */
export const sampleUrl = (url: string): string => url.replace(/:[A-Za-z]+/g, 'x').replace(/\*$/, 'x');
