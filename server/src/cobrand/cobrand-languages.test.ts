/**
 * A page is in one language: the catalogue holds every text of every cobrand in each language the cobrand offers,
 * an import refuses a missing one by name (and a non-English sign-in label with no place for the name, or a question
 * worded in a language not offered), and the record call answers the texts and footer of the language the page
 * settles on (§4: the `locale` parameter, browser-style codes included, else the cookie, else Accept-Language).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COBRAND_TEXT_FIELDS, Paths, type Cobrand, type CobrandTexts } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogue } from './catalogue.js';
import { CATALOGUE_DIR } from '../paths.js';
import { catalogueCopy, type RawRecord } from '../../test/catalogue-copy.js';
import { createTestApp, portalCli, type TestApp } from '../../test/harness.js';

const RECORDS = readdirSync(CATALOGUE_DIR).map(
  (id) => JSON.parse(readFileSync(join(CATALOGUE_DIR, id, 'cobrand.json'), 'utf8')) as RawRecord,
);
/** Every cobrand's texts by language, the first language's from `cobrand`, the others' from `translations`. */
const textsByLanguage = (record: RawRecord): [string, CobrandTexts][] =>
  Object.keys(record.locales).map((locale, index) => [
    locale,
    index === 0
      ? Object.fromEntries(COBRAND_TEXT_FIELDS.flatMap((f) => (record.cobrand[f] ? [[f, record.cobrand[f]]] : [])))
      : record.translations![locale]!,
  ]);
/** A copyright line with nothing but the sign, the year and a legal name has no words to translate. */
const ONLY_A_NAME = /^© \d{4} [^.。]+[.。]?$/;
const BRITISH = /authoris|licence|centre|programme|organis|colour|favour|forgotten/i;
const AMERICAN = /authoriz|license|\bcenter|\bprograms?\b|organiz|\bcolor|\bfavor/i;
const BUNDLES = (locale: string) =>
  readdirSync(join(CATALOGUE_DIR, '../i18n', locale)).flatMap((file) =>
    Object.values(JSON.parse(readFileSync(join(CATALOGUE_DIR, '../i18n', locale, file), 'utf8')) as object),
  ) as string[];

describe('the catalogue in every language', () => {
  it('holds each text of each cobrand in every language it offers: 140 cobrand-language pairs', () => {
    expect(readCatalogue(CATALOGUE_DIR).problems).toEqual([]);
    const pairs = RECORDS.flatMap(textsByLanguage);
    expect(pairs).toHaveLength(140);
    for (const record of RECORDS) {
      const [first, ...others] = textsByLanguage(record).map(([l, t]) => [l, Object.keys(t)] as const);
      for (const [locale, texts] of others) expect(texts, `${record.cobrand.name} ${locale}`).toEqual(first![1]);
    }
  });

  it('leaves no English text in a non-English language, unless the text is only a name', () => {
    const left: string[] = [];
    for (const record of RECORDS) {
      const languages = textsByLanguage(record);
      const english = languages.filter(([locale]) => locale.startsWith('en')).map(([, texts]) => texts);
      for (const [locale, texts] of languages.filter(([l]) => !l.startsWith('en'))) {
        for (const [field, text] of Object.entries(texts) as [keyof CobrandTexts, string][]) {
          const same = english.some((e) => e[field] === text) || /all rights reserved/i.test(text);
          if (same && field !== 'appName' && field !== 'groupWebsite' && !ONLY_A_NAME.test(text))
            left.push(`${record.cobrand.name} ${locale} ${field}: ${text}`);
        }
      }
    }
    expect(left).toEqual([]);
  });

  it('reads American in en_US and British in en_GB, in the cobrand texts and the bundles', () => {
    const texts = (wanted: string) =>
      RECORDS.flatMap((r) =>
        textsByLanguage(r)
          .filter(([l]) => l === wanted)
          .flatMap(([, t]) => Object.values(t)),
      );
    expect([...texts('en_US'), ...BUNDLES('en_US')].filter((t) => BRITISH.test(t))).toEqual([]);
    expect([...texts('en_GB'), ...BUNDLES('en_GB')].filter((t) => AMERICAN.test(t))).toEqual([]);
    expect(BUNDLES('en_US')).toContain('Forgot your password?');
    expect(BUNDLES('en_GB')).toContain('Forgotten your password?');
  });
});

describe('cobrands import', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-cli-languages-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a catalogue with a text missing in one language, naming the file, the language and the field', () => {
    const copy = catalogueCopy();
    try {
      copy.edit('skerrymoor', (r) => {
        delete r.translations!.fr_CA!.footerMessage;
        r.translations!.de = { appName: 'Skerrymoor Firmenkarte' };
      });
      copy.edit('lindenquell', (r) => {
        delete r.translations;
      });
      const result = portalCli(dataDir, ['cobrands', 'import', copy.cobrands]);
      expect(result.status).toBe(1);
      const file = (id: string) => join(copy.cobrands, id, 'cobrand.json');
      expect(result.stderr).toContain('The cobrand catalogue has problems (3); nothing was imported');
      expect(result.stderr).toContain(`${file('skerrymoor')}: /translations/fr_CA/footerMessage is missing`);
      expect(result.stderr).toContain(`${file('skerrymoor')}: /translations/de is not one of the cobrand's other`);
      expect(result.stderr).toContain(`${file('lindenquell')}: /translations/en_GB is missing`);
    } finally {
      rmSync(copy.root, { recursive: true, force: true });
    }
  });

  it("refuses a non-English sign-in label without {0} and a question's wording in a language not offered", () => {
    const copy = catalogueCopy();
    try {
      copy.edit('lindenquell', (r) => {
        r.cobrand.signInToLabel = 'Anmelden bei';
      });
      copy.edit('saginoura', (r) => {
        r.translations!.en_US!.signInToLabel = 'Welcome to';
      });
      copy.edit('skerrymoor', (r) => {
        r.translations!.es!.signInToLabel = 'Iniciar sesión en {0} o {0}';
        r.securityQuestions!['Which Skerrymoor branch opened your first account?']!.de = 'In welcher Filiale?';
      });
      copy.edit('larchmere', (r) => {
        r.securityQuestions = { 'Your first pet/animal?': { en_GB: 'Your first pet?', ja: '最初のペットは？' } };
      });
      const result = portalCli(dataDir, ['cobrands', 'import', copy.cobrands]);
      expect(result.status).toBe(1);
      const file = (id: string) => join(copy.cobrands, id, 'cobrand.json');
      expect(result.stderr).toContain('The cobrand catalogue has problems (4); nothing was imported');
      expect(result.stderr).toContain(
        `${file('lindenquell')}: /cobrand/signInToLabel "Anmelden bei" in de must hold the application name as {0}, once`,
      );
      expect(result.stderr).toContain(
        `${file('skerrymoor')}: /translations/es/signInToLabel "Iniciar sesión en {0} o {0}" in es must hold`,
      );
      expect(result.stderr).toContain(
        `${file('skerrymoor')}: /securityQuestions/Which Skerrymoor branch opened your first account?/de is in a language the cobrand does not offer (en_US, es, fr_CA, zh_CN)`,
      );
      expect(result.stderr).toContain(
        `${file('larchmere')}: /securityQuestions/Your first pet~1animal?/ja is in a language the cobrand does not offer`,
      );
    } finally {
      rmSync(copy.root, { recursive: true, force: true });
    }
  });
});

describe('the cobrand record call', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp('sqlite');
  });
  afterAll(() => test.close());
  const skerrymoor = RECORDS.find((r) => r.cobrand.name === 'skerrymoor')!;
  const get = (query: string, headers: Record<string, string> = {}) =>
    test.client().get(`${Paths.cobrand('skerrymoor')}${query}`, { headers });

  it.each([
    ['?locale=fr_CA', {}, 'fr_CA', 'fr-CA'],
    ['?locale=fr-CA', {}, 'fr_CA', 'fr-CA'],
    ['?locale=es-MX', {}, 'es', 'es'],
    ['?locale=de_DE', { 'accept-language': 'es' }, 'en_US', 'en-US'],
    ['', { cookie: 'user_locale=zh_CN', 'accept-language': 'es' }, 'zh_CN', 'zh-CN'],
    ['', { 'accept-language': 'de-DE, fr-CA;q=0.9' }, 'fr_CA', 'fr-CA'],
    ['', {}, 'en_US', 'en-US'],
  ])('answers %s %j in %s, with the footer in it too', async (query, headers, locale, tag) => {
    const response = await get(query, headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-language']).toBe(tag);
    const { footer, ...fields } = response.json<Cobrand>();
    const texts = locale === 'en_US' ? {} : skerrymoor.translations![locale]!;
    expect(fields).toEqual({ ...skerrymoor.cobrand, ...texts });
    expect(footer.links.map((l) => l.text)).toContain(texts.privacyPolicy ?? skerrymoor.cobrand.privacyPolicy);
    expect(footer.authorizationWarning!.text).toBe(
      texts.authorizationWarning ?? skerrymoor.cobrand.authorizationWarning,
    );
    expect(footer.copyrightMessage).toBe(texts.copyrightMessage ?? skerrymoor.cobrand.copyrightMessage);
  });

  it('gives each language its own ETag', async () => {
    const french = await get('?locale=fr_CA');
    const spanish = await get('?locale=es');
    expect(french.headers.etag).not.toBe(spanish.headers.etag);
    expect((await get('?locale=fr_CA', { 'if-none-match': String(french.headers.etag) })).statusCode).toBe(304);
  });
});
