/** The sign-in route's budgets (80 KB JS and 10 KB CSS gzip, React included), measured on the built files. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const KB = 1024;

/** Every script and stylesheet the page's HTML loads, with the chunks those scripts import statically. */
function routeFiles(page: string): { js: string[]; css: string[] } {
  const html = readFileSync(join(dist, 'pages', `${page}.html`), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="\/public-portal-ui\/([^"]+)"/g)].map((m) => m[1]!);
  const js = new Set<string>();
  const queue = refs.filter((r) => r.endsWith('.js'));
  while (queue.length) {
    const file = queue.pop()!;
    if (js.has(file)) continue;
    js.add(file);
    const source = readFileSync(join(dist, file), 'utf8');
    for (const m of source.matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g)) queue.push(`static/${m[1]}`);
  }
  return { js: [...js], css: refs.filter((r) => r.endsWith('.css')) };
}

const gzipBytes = (files: string[]) =>
  files.reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f)), { level: 9 }).length, 0);

describe('sign-in route size', () => {
  it('is built', () => {
    expect(existsSync(join(dist, 'pages', 'login-signin-component.html'))).toBe(true);
  });

  it('loads at most 80 KB of gzip JavaScript, React included', () => {
    const { js } = routeFiles('login-signin-component');
    expect(js.length).toBeGreaterThan(0);
    const bytes = gzipBytes(js);
    expect(bytes).toBeGreaterThan(50 * KB); // React alone is ~60 KB: a smaller figure means files were missed
    expect(bytes).toBeLessThanOrEqual(80_000);
  });

  it('loads at most 10 KB of gzip CSS', () => {
    const { css } = routeFiles('login-signin-component');
    expect(css.length).toBeGreaterThan(0);
    expect(gzipBytes(css)).toBeLessThanOrEqual(10 * KB);
  });
});
