/**
 * A language's block may set only that language's typography (issue 50, "Screens"): its faces, its line height, how
 * its lines and words break, its quotes, its spacing between scripts. Any other property there (a width, a display, a
 * padding) lays that one language out differently, and a screen checked in another language hides it. Read with
 * PostCSS: every stylesheet under web/src, every CSS written in a string there, and every cobrand's theme. A custom
 * property set in a language block is judged by the properties it feeds, through other custom properties too.
 * The allowed list is in docs/decisions.md ("Typography a language block may set").
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import postcss, { type ChildNode, type Container, type Declaration, type Root } from 'postcss';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/** How a language writes, not where its boxes go: the properties a language block may set. */
const TYPOGRAPHY = new Set([
  'font-family',
  'font-feature-settings',
  'font-variant-east-asian',
  'font-variant-ligatures',
  'font-variant-numeric',
  'font-kerning',
  'font-style',
  'font-synthesis',
  'font-synthesis-weight',
  'font-synthesis-style',
  'font-size-adjust',
  'font-language-override',
  'line-height',
  'letter-spacing',
  'word-spacing',
  'quotes',
  'hyphens',
  'hyphenate-character',
  'hyphenate-limit-chars',
  'word-break',
  'line-break',
  'overflow-wrap',
  'text-autospace',
  'text-spacing-trim',
  'text-justify',
  'text-emphasis-style',
  'text-emphasis-position',
  'text-underline-position',
  'ruby-position',
]);

/** A selector that picks one language (or all but one): `:lang(…)` or the `lang` attribute. */
const LANGUAGE_SELECTOR = /:lang\(|\[\s*lang\s*([~|^$*]?=|\])/i;

/** One stylesheet: where it is (a file, or a string at a line of a file) and its text. */
export interface Sheet {
  where: string;
  css: string;
}

/** The language rule a node sits in, if any: its own or an ancestor's selector (nested CSS counts too). */
function languageRule(node: ChildNode): string | null {
  for (let at: Container | Root | undefined = node.parent; at && at.type !== 'root'; at = at.parent as Container) {
    if (at.type === 'rule' && LANGUAGE_SELECTOR.test((at as unknown as { selector: string }).selector))
      return (at as unknown as { selector: string }).selector;
  }
  return null;
}

const usedVariables = (value: string) => [...value.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]!);

/** Each custom property, to the properties whose values name it, over every sheet (a token in one feeds another). */
function consumers(roots: readonly Root[]): Map<string, Set<string>> {
  const fed = new Map<string, Set<string>>();
  for (const parsed of roots)
    parsed.walkDecls((decl) => {
      for (const name of usedVariables(decl.value)) fed.set(name, (fed.get(name) ?? new Set()).add(decl.prop));
    });
  return fed;
}

/** The properties other than custom ones that a custom property ends up in, through the custom ones it feeds. */
function feeds(name: string, fed: Map<string, Set<string>>, seen = new Set<string>()): string[] {
  if (seen.has(name)) return [];
  seen.add(name);
  return [...(fed.get(name) ?? [])].flatMap((prop) => (prop.startsWith('--') ? feeds(prop, fed, seen) : [prop]));
}

/** What language blocks set beyond typography: "where: selector { property }", the custom property's ends named. */
export function layoutInLanguageBlocks(sheets: readonly Sheet[]): string[] {
  const parsed = sheets.map((sheet) => ({ ...sheet, root: postcss.parse(sheet.css, { from: sheet.where }) }));
  const fed = consumers(parsed.map((p) => p.root));
  const found: string[] = [];
  for (const { where, root: sheetRoot } of parsed)
    sheetRoot.walkDecls((decl: Declaration) => {
      const selector = languageRule(decl);
      if (!selector) return;
      const prop = decl.prop.toLowerCase();
      const line = decl.source?.start?.line ?? 0;
      if (!prop.startsWith('--')) {
        if (!TYPOGRAPHY.has(prop)) found.push(`${where}:${line}: ${selector} { ${prop} }`);
        return;
      }
      const layout = [...new Set(feeds(prop, fed))].filter((end) => !TYPOGRAPHY.has(end));
      if (layout.length) found.push(`${where}:${line}: ${selector} { ${prop} } feeds ${layout.join(', ')}`);
    });
  return found;
}

/** The strings and templates of a TypeScript file that hold a language block: CSS written in the code. */
export function cssInCode(where: string, code: string): Sheet[] {
  const file = ts.createSourceFile(where, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const sheets: Sheet[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateExpression(node)) {
      // A template's substitutions stand in as a value, so the rules around them still parse.
      const text = ts.isTemplateExpression(node)
        ? [node.head.text, ...node.templateSpans.map((span) => `0${span.literal.text}`)].join('')
        : node.text;
      if (text.includes('{') && LANGUAGE_SELECTOR.test(text)) {
        const { line } = file.getLineAndCharacterOfPosition(node.getStart());
        sheets.push({ where: `${where} (the string at line ${line + 1})`, css: text });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return sheets;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every stylesheet of the product: web/src's CSS files and CSS in its code, and the cobrands' themes. */
function productSheets(): Sheet[] {
  const web = filesUnder(join(root, 'web', 'src'));
  const themes = filesUnder(join(root, 'data', 'cobrands')).filter((path) => path.endsWith('.css'));
  const read = (path: string): Sheet => ({ where: relative(root, path), css: readFileSync(path, 'utf8') });
  return [
    ...[...web.filter((path) => path.endsWith('.css')), ...themes].map(read),
    ...web.filter((path) => /\.tsx?$/.test(path)).flatMap((path) => cssInCode(read(path).where, read(path).css)),
  ];
}

describe('language blocks set only their language’s typography', () => {
  it('report a layout property, and a token that feeds one, in a language block (the guard itself)', () => {
    const tokens = ':root { --gap: 1rem; --font: serif; }\n:root:lang(ja) { --font: "Hiragino Sans"; --gap: 2rem; }';
    const shared = '.form { gap: var(--gap); font-family: var(--font); }';
    const broken = [
      ':lang(de) .form { padding: 0; hyphens: auto; }',
      '[lang="ru"] .field { display: grid; line-height: 1.6 }',
      '.summary { color: red; &:lang(ko) { word-break: keep-all; margin-block: 0 } }',
    ].join('\n');
    const code = "const style = `:lang(zh-TW) .box { width: ${n}px; letter-spacing: 0.05em }`;\nconst x = 'x';";
    expect(
      layoutInLanguageBlocks([
        { where: 'tokens.css', css: tokens },
        { where: 'shared.css', css: shared },
        { where: 'broken.css', css: broken },
        ...cssInCode('Box.tsx', code),
      ]),
    ).toEqual([
      'tokens.css:2: :root:lang(ja) { --gap } feeds gap',
      'broken.css:1: :lang(de) .form { padding }',
      'broken.css:2: [lang="ru"] .field { display }',
      'broken.css:3: &:lang(ko) { margin-block }',
      'Box.tsx (the string at line 1):1: :lang(zh-TW) .box { width }',
    ]);
  });

  it('finds the product’s stylesheets, and a language block in them', () => {
    const sheets = productSheets();
    expect(sheets.map((s) => s.where)).toEqual(
      expect.arrayContaining(['web/src/styles/tokens.css', 'web/src/styles/portal.css']),
    );
    expect(sheets.some((s) => LANGUAGE_SELECTOR.test(s.css))).toBe(true);
  });

  it('holds for every stylesheet of the product', () => {
    expect(layoutInLanguageBlocks(productSheets())).toEqual([]);
  });
});
