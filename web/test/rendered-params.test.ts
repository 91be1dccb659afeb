/**
 * The service renders a screen once per cobrand and language, and leaves to the browser any page whose address
 * carries one of contract's STATEFUL_QUERY_PARAMS. A screen that read another address parameter as it renders would
 * be served, rendered for one value, to every value: every parameter the screens read must be in that list (or be
 * one the rendering is kept by).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOGOUT_CONFIRM_PARAM, STATEFUL_QUERY_PARAMS } from '@portal/contract';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../src', import.meta.url));
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );

describe('the address parameters the screens read', () => {
  it('are all ones the service keeps a rendering by, or renders no page for', () => {
    const kept = ['cobrandHost', 'locale', LOGOUT_CONFIRM_PARAM];
    const read = new Set<string>();
    for (const file of files(src))
      for (const [, name] of readFileSync(file, 'utf8').matchAll(/\bquery\.(?:get|has)\('([^']+)'\)/g)) read.add(name!);
    expect(read.size).toBeGreaterThan(3);
    expect([...read].filter((name) => ![...kept, ...STATEFUL_QUERY_PARAMS].includes(name))).toEqual([]);
  });
});
