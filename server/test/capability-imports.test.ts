/**
 * How many of the service's capabilities run another's code (docs/architecture.md, "Capabilities"): each import that
 * runs, from one capability's product file to another capability, counted. A type-only import couples nothing at run
 * time and is not counted; the sign-in kernel and shared infrastructure sit below every capability and are not
 * capabilities. The ceiling is today's count: a change that adds one fails here, and one that removes one lowers it.
 */
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INFRASTRUCTURE, resolver, runtimeImports, source, sourceFiles } from './import-graph.js';

/** The count docs/architecture.md names (the goal the house set was 10). */
const CEILING = 10;
const SHARED = [...INFRASTRUCTURE, 'signin-kernel'];

/** The capability a service file belongs to; undefined for a composing file or shared infrastructure. */
const capabilityOf = (file: string) => {
  const parts = relative(source, file).split('/');
  return parts.length > 1 && !SHARED.includes(parts[0]!) ? parts[0] : undefined;
};

/** Every import that runs across capabilities, as `from-file -> to-file`. */
function crossings(files: string[]): string[] {
  const resolve = resolver();
  return files.flatMap((file) => {
    const from = capabilityOf(file);
    if (!from) return [];
    return runtimeImports(file)
      .map((specifier) => resolve(specifier, file))
      .filter((target) => target !== undefined && capabilityOf(target) !== undefined && capabilityOf(target) !== from)
      .map((target) => `${relative(source, file)} -> ${relative(source, target!)}`);
  });
}

describe('imports across capabilities', () => {
  const found = crossings(sourceFiles());

  it(`run at most ${CEILING} times`, () => {
    expect(found.length, found.join('\n')).toBeLessThanOrEqual(CEILING);
  });

  it('counts an import that runs, and not one of types only', () => {
    // The reader must see what it guards: the password method runs the accounts' code; the recovery-code method only
    // names the token capability's types (its PIN check comes in its deps).
    expect(found).toContain('password/sign-in-method.ts -> account/index.ts');
    expect(found.filter((line) => line.startsWith('recovery-code/sign-in-method.ts'))).toEqual([]);
  });

  it('leaves out the sign-in kernel, shared infrastructure and the composing files', () => {
    expect(found.filter((line) => /(^| -> )(signin-kernel|db|http|security|i18n|mail)\//.test(line))).toEqual([]);
    expect(found.filter((line) => !line.split(' -> ')[0]!.includes('/'))).toEqual([]);
  });
});
