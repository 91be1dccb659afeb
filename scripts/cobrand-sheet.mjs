// `npm run cobrand-sheet`: the sign-in page of every cobrand in each of its languages, screenshotted in Chromium and
// laid out on one contact sheet a bank can look at (docs/cobrands.png), so an English text left in a French page shows. Runs the built portal on a free port with a temporary
// data folder, as the browser tests do; the sheet itself is a page Chromium renders and screenshots.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launchChromium } from './chromium.mjs';
import { buildIfStale } from './build-if-stale.mjs';
import { startPortal } from './portal-process.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const catalogue = join(root, 'data', 'cobrands');
const out = join(root, 'docs', 'cobrands.png');
const PAGES_AT_ONCE = 4;
const THUMBNAIL_WIDTH = 200;
const COLUMNS = 10;

/** A cobrand's sign-in page in one language, once logo, theme and footer are in (an SSO cobrand's page redirects). */
async function screenshot(browser, baseUrl, cobrand, file) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 1000 } });
  try {
    const page = await context.newPage();
    const query = `cobrandHost=${cobrand.name}&locale=${cobrand.locale}`;
    await page.goto(`${baseUrl}/public-portal-ui/login-signin-component?${query}`);
    // An SSO cobrand's page goes to its provider, which a drawing run does not start: it ends on its invalid-login page.
    if (cobrand.fssoRedirectUrl) await page.waitForURL('**invalidLogin=true**');
    else await page.locator('.portal-signin__submit').waitFor();
    await page.locator('.portal-footer__copyright').waitFor();
    await page.waitForFunction(() => [...document.images].every((image) => image.complete && image.naturalWidth > 0));
    await page.screenshot({ path: file, fullPage: true });
  } finally {
    await context.close();
  }
}

function sheetHtml(cobrands, variants) {
  const escape = (text) => String(text).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const figures = cobrands.map(
    (c) =>
      `<figure><img src="${c.file}" alt=""><figcaption><b>${escape(c.name)}</b> ${escape(c.locale)}<br>${escape(c.footerVariant)} (${variants.get(c.footerVariant)?.layout})</figcaption></figure>`,
  );
  return `<!doctype html><meta charset="utf-8"><style>
    body { margin: 0; padding: 16px; font: 12px/1.3 'DejaVu Sans', sans-serif; background: #e9ecef; color: #1b1f24; width: ${COLUMNS * (THUMBNAIL_WIDTH + 12)}px; }
    h1 { font-size: 18px; margin: 0 0 12px; }
    main { display: grid; grid-template-columns: repeat(${COLUMNS}, ${THUMBNAIL_WIDTH}px); gap: 12px; align-items: start; }
    figure { margin: 0; } img { width: ${THUMBNAIL_WIDTH}px; display: block; box-shadow: 0 1px 3px rgb(0 0 0 / 0.3); }
    figcaption { margin-top: 4px; overflow-wrap: anywhere; }
  </style><h1>Cobrand sign-in pages in every language they offer: ${cobrands.length} pages of ${new Set(cobrands.map((c) => c.name)).size} cobrands, ${variants.size} footer variants (the default one included)</h1><main>${figures.join('')}</main>`;
}

buildIfStale();
const cobrands = readdirSync(catalogue, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort()
  .map((id) => JSON.parse(readFileSync(join(catalogue, id, 'cobrand.json'), 'utf8')))
  .flatMap(({ cobrand, locales }) =>
    Object.keys(locales).map((locale) => ({ ...cobrand, locale, file: `${cobrand.name}-${locale}.png` })),
  );
const footers = join(root, 'data', 'footers');
const variants = new Map(
  readdirSync(footers)
    .filter((f) => f.endsWith('.json'))
    .map((f) => [f.slice(0, -5), JSON.parse(readFileSync(join(footers, f), 'utf8'))]),
);
const work = mkdtempSync(join(tmpdir(), 'cobrand-sheet-'));
const portal = await startPortal(join(work, 'data'));
const { baseUrl } = portal;
const browser = await launchChromium();
try {
  const queue = [...cobrands];
  await Promise.all(
    Array.from({ length: PAGES_AT_ONCE }, async () => {
      for (let cobrand = queue.shift(); cobrand; cobrand = queue.shift())
        await screenshot(browser, baseUrl, cobrand, join(work, cobrand.file));
    }),
  );
  const sheet = join(work, 'sheet.html');
  writeFileSync(sheet, sheetHtml(cobrands, variants));
  const page = await browser.newPage({ viewport: { width: COLUMNS * (THUMBNAIL_WIDTH + 12) + 32, height: 800 } });
  await page.goto(pathToFileURL(sheet).href);
  await page.waitForFunction(() => [...document.images].every((image) => image.complete && image.naturalWidth > 0));
  await page.screenshot({ path: out, fullPage: true });
} finally {
  await browser.close();
  await portal.stop();
  rmSync(work, { recursive: true, force: true });
}
if (!existsSync(out)) throw new Error(`${out} was not written`);
console.log(`Wrote ${out}: ${cobrands.length} cobrand pages, ${(statSync(out).size / 1024 / 1024).toFixed(2)} MB`);
