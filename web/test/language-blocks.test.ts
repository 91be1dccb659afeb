/**
 * A language's block of the stylesheets may only change what every language already has (its faces, how its lines
 * break): a token set in a `:lang()` block and nowhere else styles that language alone, as the security page's
 * spacing once did (only Traditional Chinese had it). Read with PostCSS, every stylesheet of the web app.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import postcss, { type Root } from 'postcss';
import { describe, expect, it } from 'vitest';

const stylesDir = join(import.meta.dirname, '..', 'src', 'styles');
const sheets = readdirSync(stylesDir).filter((file) => file.endsWith('.css'));

/** The declarations of a sheet, split by whether a `:lang()` selector holds them. */
function declarations(root: Root): { shared: Set<string>; byLanguage: { selector: string; prop: string }[] } {
  const shared = new Set<string>();
  const byLanguage: { selector: string; prop: string }[] = [];
  root.walkRules((rule) => {
    const inLanguage = /:lang\(/.test(rule.selector);
    rule.walkDecls((decl) => {
      if (inLanguage) byLanguage.push({ selector: rule.selector, prop: decl.prop });
      else shared.add(decl.prop);
    });
  });
  return { shared, byLanguage };
}

/** What a language block sets that no shared rule sets: `selector prop` each. */
export function languageOnly(css: string): string[] {
  const { shared, byLanguage } = declarations(postcss.parse(css));
  return byLanguage.filter(({ prop }) => !shared.has(prop)).map(({ selector, prop }) => `${selector} ${prop}`);
}

describe('language blocks of the stylesheets', () => {
  it('finds a token set only in one language block (the guard itself)', () => {
    const broken = ':root { --a: 1px; }\n:root:lang(zh-TW) { --a: 2px; --b: 4px; }';
    expect(languageOnly(broken)).toEqual([':root:lang(zh-TW) --b']);
  });

  for (const sheet of sheets)
    it(`${sheet}: every language block changes only what every language has`, () => {
      expect(languageOnly(readFileSync(join(stylesDir, sheet), 'utf8'))).toEqual([]);
    });
});
