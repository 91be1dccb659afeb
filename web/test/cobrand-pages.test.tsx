/**
 * The fast render test of every cobrand (no browser): each catalogue record in each of its languages, as the service
 * answers it in that language, rendered with React's server renderer into the shell and sign-in screen in that
 * language, shows its logo, heading, links and the footer of its variant; and every theme overrides primitives only and keeps WCAG AA contrast.
 * Chromium checks a sample of these pages with axe (e2e/tests/cobrands.test.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOGO_FORMATS, Paths, type Cobrand, type CobrandLocales } from '@portal/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
// The service's own catalogue reader, so the page renders exactly the record the service would answer.
import { cobrandIn, readCatalogue } from '../../server/src/cobrand/index.js';
import { Messages } from '../../server/src/i18n/messages.js';
import { Shell } from '../src/components/Shell';
import { createTranslator, type Dictionary, type Translate } from '../src/i18n/translator';
import { PageContext, type PageContextValue } from '../src/page/page-context';
import { signInHeading } from '../src/page/sign-in-heading';
import { SignInScreen } from '../src/screens/login-signin-component/SignInScreen';

const data = fileURLToPath(new URL('../../data', import.meta.url));
const catalogueDir = join(data, 'cobrands');
const { cobrands, problems } = readCatalogue(catalogueDir);
/** Every cobrand in every language it offers, as the record call answers it in that language. */
const records = cobrands.flatMap(({ record, footers }) =>
  Object.keys(record.locales).map((locale) => ({
    cobrand: { ...cobrandIn(record, locale), footer: footers[locale]! } as Cobrand,
    locales: record.locales as CobrandLocales,
    locale,
  })),
);

/** React's escaping of text and attribute values. */
const html = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

/** The language's texts over English's, as the service writes them into a page. */
function translator(locale: string): Translate {
  return createTranslator(locale, messages.dictionary(locale) as Dictionary);
}
const messages = new Messages();

/** §7: the client takes the first of jpg, png, gif that exists. */
function logoUrl(name: string): string | null {
  const format = LOGO_FORMATS.find((f) => existsSync(join(catalogueDir, name, `logo.${f}`)));
  return format ? `${Paths.cobrandAssets(name)}logo.${format}` : null;
}

function render(cobrand: Cobrand, locales: CobrandLocales, locale: string) {
  const t = translator(locale);
  const value: PageContextValue = {
    t,
    locale,
    locales,
    cobrand,
    logoUrl: logoUrl(cobrand.name),
    logoSize: null,
    query: new URLSearchParams({ cobrandHost: cobrand.name }),
    path: '/public-portal-ui/login-signin-component',
  };
  const markup = renderToStaticMarkup(
    <PageContext.Provider value={value}>
      <Shell>
        <SignInScreen />
      </Shell>
    </PageContext.Provider>,
  );
  return { markup, t, value };
}

const between = (markup: string, start: string, end: string) =>
  markup.slice(markup.indexOf(start), markup.indexOf(end, markup.indexOf(start)) + end.length);

describe('every cobrand sign-in page', () => {
  it('renders from a catalogue the service reads without problems', () => {
    expect(problems).toEqual([]);
    expect(new Set(records.map((r) => r.cobrand.name)).size).toBe(57);
    expect(records.length).toBe(140);
  });

  it.each(records.map((r) => [r.cobrand.name, r.locale, r] as const))(
    '%s in %s shows its logo, heading, links and footer',
    (_name, locale, { cobrand, locales }) => {
      const { markup, t, value } = render(cobrand, locales, locale);
      expect(markup).toContain(`class="portal-shell portal-cobrand-${cobrand.name}"`);
      expect(value.logoUrl).not.toBeNull();
      expect(markup).toContain(
        `<img class="portal-header__logo" src="${value.logoUrl}" alt="${html(t('shell.logoAlt', cobrand.appName))}"/>`,
      );

      if (cobrand.fssoRedirectUrl) {
        expect(markup).toContain(`<p class="portal-status">${html(t('signin.redirectingSso'))}</p>`);
      } else {
        expect(markup).toContain(`<h1 class="portal-heading">${html(signInHeading(t, cobrand))}</h1>`);
        expect(markup).toContain(`>${html(cobrand.signInButtonLabel ?? t('signin.submit'))}</button>`);
        expect(markup.includes('/sdng/register/company.do')).toBe(cobrand.companySelfRegisterSupported);
        expect(markup.includes('/sdram/prospectiveaccountcontroller/')).toBe(
          cobrand.prospectiveAccountApplicationSupported,
        );
        expect(markup.includes('id="portal-language"')).toBe(Object.keys(locales).length > 1);
      }

      const { footer } = cobrand;
      const footerMarkup = between(markup, '<footer', '</footer>');
      expect(footerMarkup).toContain(`class="portal-footer portal-footer--${footer.layout}"`);
      const links = [
        ...footerMarkup.matchAll(
          /<li class="portal-footer__item portal-footer__item--(\w+)"><a class="portal-footer__link" href="([^"]*)">([^<]*)<\/a><\/li>/g,
        ),
      ].map(([, key, url, text]) => ({ key, url, text }));
      expect(links).toEqual(footer.links.map((l) => ({ key: l.key, url: html(l.url), text: html(l.text) })));
      expect(links.length).toBeGreaterThan(0);
      expect(footerMarkup).toContain(
        `<p class="portal-footer__copyright">${html(footer.copyrightMessage ?? t('footer.defaultCopyright'))}</p>`,
      );
      expect(footerMarkup.includes('portal-footer__message')).toBe(footer.footerMessage !== null);
      if (footer.footerMessage) expect(footerMarkup).toContain(html(footer.footerMessage));
      const warning = footer.authorizationWarning;
      expect(footerMarkup.includes('portal-footer__authorization')).toBe(warning !== null);
      if (warning) {
        expect(footerMarkup).toContain(
          `<img class="portal-footer__authorization-logo" src="${warning.logoUrl}" width="${warning.logoWidth}" height="${warning.logoHeight}" alt="${html(t('shell.logoAlt', warning.logoName))}"/>`,
        );
        expect(footerMarkup).toContain(`<p class="portal-footer__authorization-text">${html(warning.text)}</p>`);
      }
      const powered = footer.poweredBy;
      expect(footerMarkup.includes('portal-footer__powered-by')).toBe(powered !== null);
      if (powered) {
        expect(footerMarkup).toContain(`>${html(t('footer.poweredBy', powered.text))}</span>`);
        expect(footerMarkup).toContain(
          `<img class="portal-footer__powered-by-logo" src="${powered.logoUrl}" width="${powered.logoWidth}" height="${powered.logoHeight}" alt="${html(t('shell.logoAlt', powered.logoName))}"/>`,
        );
      }
      for (const url of [warning?.logoUrl, powered?.logoUrl].filter((u): u is string => Boolean(u))) {
        expect(existsSync(join(data, 'footers', 'assets', url.split('?')[0]!.split('/').pop()!)), url).toBe(true);
      }
    },
  );
});

// ---- themes: primitives only, and the colour pairs the base stylesheet puts together keep WCAG AA (4.5:1)
const stylesheet = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../src/styles/${name}`, import.meta.url)), 'utf8');
const BASE = stylesheet('tokens.css');
const COMPONENTS = stylesheet('portal.css');
const declarations = (css: string) =>
  [...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([-\w]+)\s*:\s*([^;{}]+);/g)].map(
    ([, name, value]) => [name!, value!.trim()] as const,
  );
const basePrimitives = Object.fromEntries(
  declarations(BASE).filter(([name]) => name.startsWith('--portal-primitive-')),
);
function luminance(hex: string): number {
  const channels = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * channels[0]! + 0.7152 * channels[1]! + 0.0722 * channels[2]!;
}
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};
const WHITE = '#ffffff';
const themes = cobrands.map(({ record: { cobrand } }) => {
  const css = readFileSync(join(catalogueDir, cobrand.name, 'theme.css'), 'utf8');
  return {
    name: cobrand.name,
    declared: declarations(css),
    primitives: { ...basePrimitives, ...Object.fromEntries(declarations(css)) },
  };
});

describe('the base stylesheet', () => {
  it('reads component tokens only, each declared in tokens.css, and declares none itself', () => {
    const reads = [...COMPONENTS.matchAll(/var\((--portal-[\w-]+)/g)].map(([, name]) => name!);
    expect(reads.length).toBeGreaterThan(50);
    expect(reads.filter((name) => /^--portal-(primitive|semantic)-/.test(name))).toEqual([]);
    const declared = new Set(declarations(BASE).map(([name]) => name));
    expect(reads.filter((name) => !declared.has(name))).toEqual([]);
    expect(declarations(COMPONENTS).filter(([name]) => name.startsWith('--'))).toEqual([]);
  });
});

describe('every cobrand theme', () => {
  it('checks the base colours it reads: white header, footer and button text over the primitives', () => {
    expect(declarations(BASE)).toContainEqual(['--portal-header-text', WHITE]);
    expect(declarations(BASE)).toContainEqual(['--portal-footer-text', WHITE]);
    expect(declarations(BASE)).toContainEqual(['--portal-button-primary-text', WHITE]);
  });

  it.each(themes.map((t) => [t.name, t] as const))(
    '%s overrides only primitives and keeps AA contrast',
    (_name, { declared, primitives: p }) => {
      expect(declared.length).toBeGreaterThan(0);
      for (const [name] of declared)
        expect(name).toMatch(/^--portal-primitive-(brand|accent|surface-tint|heading-font|radius)$/);
      const hex = (name: string) => {
        const value = p[`--portal-primitive-${name}`]!;
        expect(value, name).toMatch(/^#[0-9a-f]{6}$/i);
        return value;
      };
      expect(contrast(hex('brand'), WHITE), 'header and footer text on brand').toBeGreaterThanOrEqual(4.5);
      expect(contrast(hex('accent'), WHITE), 'button text on accent, links on the card').toBeGreaterThanOrEqual(4.5);
      expect(contrast(hex('ink'), hex('surface-tint')), 'text on the page background').toBeGreaterThanOrEqual(4.5);
      expect(contrast(hex('ink-muted'), hex('paper')), 'hints on the card').toBeGreaterThanOrEqual(4.5);
    },
  );

  it('makes each cobrand look distinct: its own colours, and several typefaces and corner radii across the catalogue', () => {
    const colours = new Set(
      themes.map((t) => `${t.primitives['--portal-primitive-brand']}/${t.primitives['--portal-primitive-accent']}`),
    );
    expect(colours.size).toBe(themes.length);
    expect(new Set(themes.map((t) => t.primitives['--portal-primitive-heading-font'])).size).toBeGreaterThanOrEqual(4);
    expect(new Set(themes.map((t) => t.primitives['--portal-primitive-radius'])).size).toBeGreaterThanOrEqual(4);
  });
});
