/**
 * Shared infrastructure (db/, http/, security/, i18n/) sits below every capability, so no import cycle may pass
 * through it, type-only imports included: db/tables.ts once named each table through its capability's index.ts,
 * which imports the stores, which import db/ again. The walk reads the service's own imports as TypeScript resolves
 * them, so a path that climbs out and back in counts as the file it lands on.
 */
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, INFRASTRUCTURE, source } from './import-graph.js';

/** A shortest import path from `from` back to `to` (both included), or undefined when there is none. */
function pathBack(graph: Map<string, string[]>, from: string, to: string): string[] | undefined {
  const cameFrom = new Map<string, string>([[from, from]]);
  const queue = [from];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (file === to) {
      const path = [file];
      while (path[0] !== from) path.unshift(cameFrom.get(path[0]!)!);
      return path;
    }
    for (const next of graph.get(file) ?? []) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, file);
      queue.push(next);
    }
  }
  return undefined;
}

/** For each import of an infrastructure file that leads back to it: the cycle, as paths under server/src. */
function cyclesThroughInfrastructure(graph: Map<string, string[]>): string[] {
  const name = (file: string) => relative(source, file);
  const infrastructure = [...graph.keys()].filter((file) => INFRASTRUCTURE.includes(name(file).split('/')[0]!));
  return infrastructure.flatMap((file) =>
    graph
      .get(file)!
      .map((next) => pathBack(graph, next, file))
      .filter((cycle) => cycle !== undefined)
      .map((cycle) => [file, ...cycle].map(name).join(' -> ')),
  );
}

describe('import cycles', () => {
  const graph = importGraph();

  it('reads the imports of the service as they resolve', () => {
    // The walk must see the edges it guards: a type-only import, and a store importing db/.
    const tables = join(source, 'db/tables.ts');
    expect(graph.get(tables)).toContain(join(source, 'db/audit-event.table.ts'));
    expect(graph.get(join(source, 'account/account-store.ts'))).toContain(tables);
  });

  it('has none through shared infrastructure, db/tables.ts included', () => {
    expect(cyclesThroughInfrastructure(graph)).toEqual([]);
  });

  it('would find one if db/tables.ts named a table through its capability again', () => {
    const tables = join(source, 'db/tables.ts');
    const throughIndex = new Map(graph).set(tables, [...graph.get(tables)!, join(source, 'account/index.ts')]);
    const cycles = cyclesThroughInfrastructure(throughIndex);
    expect(cycles).toContainEqual(
      expect.stringMatching(/^db\/tables\.ts -> account\/index\.ts -> .* -> db\/tables\.ts$/),
    );
  });
});
