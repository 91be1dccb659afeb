// Draws each cobrand's made-up logo with headless Chromium from data/cobrands/<id>/logo.json
// ({ "format": "png"|"jpg", "text": "...", "mark": "wave"|"tree"|"peak"|"ring", "background": "#hex", "color": "#hex" }).
// Run after editing a logo.json: node scripts/draw-logos.mjs
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const dir = new URL('../data/cobrands/', import.meta.url).pathname;
const MARKS = {
  wave: '<path d="M4 30 Q14 18 24 30 T44 30 M4 40 Q14 28 24 40 T44 40" fill="none" stroke="currentColor" stroke-width="5" stroke-linecap="round"/>',
  tree: '<path d="M24 4 L42 34 H30 V46 H18 V34 H6 Z" fill="currentColor"/>',
  peak: '<path d="M2 44 L18 14 L26 28 L32 20 L46 44 Z" fill="currentColor"/>',
  ring: '<circle cx="24" cy="24" r="17" fill="none" stroke="currentColor" stroke-width="7"/>',
};

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ deviceScaleFactor: 2 });
for (const id of readdirSync(dir)) {
  const specFile = join(dir, id, 'logo.json');
  if (!existsSync(specFile)) continue;
  const spec = JSON.parse(readFileSync(specFile, 'utf8'));
  const background = spec.format === 'jpg' ? spec.background : 'transparent';
  await page.setContent(`<div id="logo" style="display:inline-flex;align-items:center;gap:10px;padding:4px 8px;background:${background};color:${spec.color};font:700 22px/1 Georgia,serif">
    <svg width="40" height="40" viewBox="0 0 48 48">${MARKS[spec.mark]}</svg><span>${spec.text}</span></div>`);
  const out = join(dir, id, `logo.${spec.format}`);
  await page.locator('#logo').screenshot({ path: out, omitBackground: spec.format !== 'jpg', type: spec.format === 'jpg' ? 'jpeg' : 'png', ...(spec.format === 'jpg' ? { quality: 85 } : {}) });
  console.log(`drew ${out}`);
}
await browser.close();
