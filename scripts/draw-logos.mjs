// Draws the made-up marks with headless Chromium:
// - each cobrand's logo from data/cobrands/<id>/logo.json
//   ({ "format": "png"|"jpg", "text": "...", "mark": <a key of MARKS>, "background": "#hex", "color": "#hex",
//      "markColor"?: "#hex", "font"?: "serif"|"sans"|"narrow", "lang"?: "ja"|"ko"|"zh-CN"|"zh-TW" }); png logos are
//   transparent, jpg ones sit on the background. A name in Chinese, Japanese or Korean says its "lang", which picks
//   that language's Noto CJK face (Debian's fonts-noto-cjk, needed only to draw them: without it Chromium draws
//   empty boxes, which the catalogue test refuses);
// - the footer variants' shared images listed in data/footers/assets/assets.json
//   ({ "<file>.png": { "name": "...", "text": "...", "mark": ..., "background": "#hex"|"transparent", "color": "#hex" } }).
// Chromium cannot write GIF, so no mark is drawn as one. Run after editing a spec: node scripts/draw-logos.mjs [id…]
// (only those cobrands' logos, and no footer images, when ids are given).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const data = new URL('../data/', import.meta.url).pathname;
const line = (d, width = 5) =>
  `<path d="${d}" fill="none" stroke="currentColor" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
const fill = (d) => `<path d="${d}" fill="currentColor"/>`;
const MARKS = {
  wave: line('M4 30 Q14 18 24 30 T44 30 M4 40 Q14 28 24 40 T44 40'),
  tree: fill('M24 4 L42 34 H30 V46 H18 V34 H6 Z'),
  peak: fill('M2 44 L18 14 L26 28 L32 20 L46 44 Z'),
  ring: '<circle cx="24" cy="24" r="17" fill="none" stroke="currentColor" stroke-width="7"/>',
  shield: fill('M24 3 L42 9 V24 C42 35 33 42 24 46 C15 42 6 35 6 24 V9 Z'),
  diamond: line('M24 4 L44 24 L24 44 L4 24 Z', 6),
  star: fill('M24 3 L30 18 L46 18 L33 28 L38 44 L24 34 L10 44 L15 28 L2 18 L18 18 Z'),
  sun: `<circle cx="24" cy="24" r="9" fill="currentColor"/>${line('M24 2V10M24 38V46M2 24H10M38 24H46M8 8L14 14M34 34L40 40M8 40L14 34M34 14L40 8', 4)}`,
  leaf: fill('M6 42 C6 18 22 6 44 4 C44 28 30 42 6 42 Z'),
  arch: fill('M6 44 V24 A18 18 0 0 1 42 24 V44 H32 V24 A8 8 0 0 0 16 24 V44 Z'),
  key: `<circle cx="15" cy="24" r="9" fill="none" stroke="currentColor" stroke-width="5"/>${line('M24 24 H44 M36 24 V32 M42 24 V30')}`,
  bars: fill('M6 44 V28 H14 V44 Z M20 44 V18 H28 V44 Z M34 44 V6 H42 V44 Z'),
  hex: line('M24 4 L42 14 V34 L24 44 L6 34 V14 Z', 6),
  anchor: `<circle cx="24" cy="9" r="5" fill="none" stroke="currentColor" stroke-width="4"/>${line('M24 14 V44 M14 22 H34 M6 30 C8 40 16 44 24 44 C32 44 40 40 42 30', 4)}`,
  compass: `<circle cx="24" cy="24" r="20" fill="none" stroke="currentColor" stroke-width="4"/>${fill('M24 8 L30 24 L24 40 L18 24 Z')}`,
  bird: fill('M4 26 C14 14 22 18 24 26 C26 18 34 14 44 26 C36 22 28 26 24 34 C20 26 12 22 4 26 Z'),
  drop: fill('M24 3 C24 3 8 22 8 31 A16 16 0 0 0 40 31 C40 22 24 3 24 3 Z'),
  grid: fill('M6 6H20V20H6Z M28 6H42V20H28Z M6 28H20V42H6Z M28 28H42V42H28Z'),
  spark: fill('M24 2 C26 18 30 22 46 24 C30 26 26 30 24 46 C22 30 18 26 2 24 C18 22 22 18 24 2 Z'),
  chevron: line('M6 10 L24 26 L42 10 M6 24 L24 40 L42 24', 6),
  lock: `<rect x="8" y="20" width="32" height="24" rx="3" fill="currentColor"/>${line('M15 20 V14 A9 9 0 0 1 33 14 V20')}`,
  eye: `${line('M2 24 C10 10 38 10 46 24 C38 38 10 38 2 24 Z', 4)}<circle cx="24" cy="24" r="7" fill="currentColor"/>`,
};
const FONTS = {
  serif: "Georgia, 'DejaVu Serif', serif",
  sans: "'Trebuchet MS', 'DejaVu Sans', sans-serif",
  narrow: "'Arial Narrow', 'Liberation Sans Narrow', sans-serif",
};
/** Each CJK language's own forms of the characters, after the Latin faces (which have none of them). */
const CJK_FACES = {
  serif: {
    ja: 'Noto Serif CJK JP',
    ko: 'Noto Serif CJK KR',
    'zh-CN': 'Noto Serif CJK SC',
    'zh-TW': 'Noto Serif CJK TC',
  },
  sans: { ja: 'Noto Sans CJK JP', ko: 'Noto Sans CJK KR', 'zh-CN': 'Noto Sans CJK SC', 'zh-TW': 'Noto Sans CJK TC' },
};
const fontOf = (spec) => {
  const font = spec.font ?? 'serif';
  const cjk = spec.lang && CJK_FACES[font === 'serif' ? 'serif' : 'sans'][spec.lang];
  return cjk ? FONTS[font].replace(/, (serif|sans-serif)$/, `, '${cjk}', $1`) : FONTS[font];
};
const escape = (text) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function markup(spec, { size, fontSize, radius }) {
  const mark = MARKS[spec.mark];
  if (!mark) throw new Error(`unknown mark "${spec.mark}"`);
  const lang = spec.lang ? ` lang="${spec.lang}"` : '';
  return `<div id="logo"${lang} style="display:inline-flex;align-items:center;gap:10px;padding:4px 10px;border-radius:${radius}px;background:${spec.background};color:${spec.color};font:700 ${fontSize}px/1 ${fontOf(spec)}">
    <svg width="${size}" height="${size}" viewBox="0 0 48 48" style="color:${spec.markColor ?? spec.color}">${mark}</svg><span>${escape(spec.text)}</span></div>`;
}

/**
 * Each image is drawn at twice the box the page shows it in (the header's logo at most 240x48 CSS pixels, a footer
 * image 32 high), so a high-density screen gets it sharp and no screen gets more pixels than it can show.
 */
const LOGO_BOX = { width: 480, height: 96 };
const FOOTER_BOX = { width: Infinity, height: 64 };

async function draw(browser, spec, out, style, box) {
  const jpg = spec.format === 'jpg';
  // The page behind a jpg has its colour too, so a fractional edge pixel does not come out white.
  const content = `<body style="margin:0;background:${jpg ? spec.background : 'transparent'}">${markup(spec, style)}</body>`;
  const measure = await browser.newPage();
  await measure.setContent(content);
  const { width, height } = await measure.locator('#logo').boundingBox();
  await measure.close();
  const page = await browser.newPage({
    deviceScaleFactor: Math.min(box.width / Math.ceil(width), box.height / Math.ceil(height)),
  });
  await page.setContent(content);
  await page
    .locator('#logo')
    .screenshot({ path: out, omitBackground: !jpg, type: jpg ? 'jpeg' : 'png', ...(jpg ? { quality: 85 } : {}) });
  await page.close();
  console.log(`drew ${out}`);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const cobrands = join(data, 'cobrands');
const only = process.argv.slice(2);
for (const id of only.length ? only : readdirSync(cobrands).sort()) {
  const specFile = join(cobrands, id, 'logo.json');
  if (!existsSync(specFile)) continue;
  const spec = JSON.parse(readFileSync(specFile, 'utf8'));
  // A png logo is transparent over the header's brand colour; a jpg carries its background.
  await draw(
    browser,
    { ...spec, background: spec.format === 'jpg' ? spec.background : 'transparent' },
    join(cobrands, id, `logo.${spec.format}`),
    { size: 40, fontSize: 22, radius: 0 },
    LOGO_BOX,
  );
}
const assets = join(data, 'footers', 'assets');
const manifest = join(assets, 'assets.json');
if (existsSync(manifest) && !only.length) {
  for (const [file, spec] of Object.entries(JSON.parse(readFileSync(manifest, 'utf8')))) {
    await draw(
      browser,
      { ...spec, font: spec.font ?? 'sans', format: 'png' },
      join(assets, file),
      { size: 26, fontSize: 15, radius: 6 },
      FOOTER_BOX,
    );
  }
}
await browser.close();
