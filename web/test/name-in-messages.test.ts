/**
 * A bank's or the platform's name inside a sentence (the sign-in heading and page title, "powered by", the logo's
 * alternative text, the single sign-on and stand-in pages' texts), and a passkey's or device's name in the security
 * page's buttons and questions, reads right in every language: the name is never
 * put after a label or a word that would have to decline it (Polish, Russian and German cases) or give it an article,
 * and every cobrand's non-English sign-in label is a whole message.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SUPPORTED_LOCALES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { cobrandIn, readCatalogue } from '../../server/src/cobrand/index.js';
import { createTranslator, type Dictionary } from '../src/i18n/translator';
import { signInHeading } from '../src/page/sign-in-heading';
import { Messages } from '../../server/src/i18n/messages.js';

const data = fileURLToPath(new URL('../../data', import.meta.url));
const labels = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(join(data, 'i18n', locale, 'PortalLabels.json'), 'utf8'));
// The texts as the service writes them into a page (placeholders parsed).
const messages = new Messages();
const translator = (locale: string) => createTranslator(locale, messages.dictionary(locale) as Dictionary);
const isEnglish = (locale: string) => locale.startsWith('en_');

/**
 * Words after which a name would have to change its ending (or take an article): prepositions governing a case, and
 * nouns taking a genitive ("Logo Banku…"). A message puts the name after a colon or dash, or in apposition to a noun
 * of its own ("do serwisu {0}", "в системе «{0}»"), instead.
 */
const DECLINING_WORDS: Record<string, readonly string[]> = {
  pl: ['do', 'w', 'we', 'z', 'ze', 'przez', 'od', 'dla', 'na', 'o', 'po', 'przy', 'bez', 'u', 'za', 'logo'],
  ru: [
    'в',
    'во',
    'на',
    'от',
    'для',
    'с',
    'к',
    'по',
    'о',
    'из',
    'при',
    'у',
    'через',
    'без',
    'за',
    'логотип',
    'платформе',
  ],
  de: ['bei', 'beim', 'von', 'vom', 'mit', 'für', 'zu', 'zum', 'zur', 'aus', 'in', 'im', 'an', 'am', 'auf', 'über'],
};
/**
 * Words after which a name that starts with a common noun ("Plataforma de tarjetas y gastos", "Kaart- en
 * onkostenplatform") would need an article ("de la", "het"). A message that runs the name into a sentence names it in
 * apposition to a noun of its own instead ("del portal “{0}”"), or after a colon.
 */
const ARTICLE_WORDS: Record<string, readonly string[]> = {
  es: ['de', 'del', 'a', 'al', 'en', 'para', 'por'],
  es_ES: ['de', 'del', 'a', 'al', 'en', 'para', 'por'],
  fr: ['de', 'du', 'à', 'au', 'pour', 'dans', 'sur', 'par'],
  fr_CA: ['de', 'du', 'à', 'au', 'pour', 'dans', 'sur', 'par'],
  it: ['di', 'del', 'a', 'al', 'per', 'in', 'su', 'da'],
  pt: ['de', 'do', 'da', 'a', 'ao', 'em', 'no', 'na', 'para', 'por'],
  pt_PT: ['de', 'do', 'da', 'a', 'ao', 'em', 'no', 'na', 'para', 'por'],
  nl: ['van', 'bij', 'voor', 'in', 'op', 'aan'],
};
/**
 * The security page's buttons and questions, which name what the user named (a passkey) or a device ("Firefox on
 * Linux"): the argument is a plain variable, so they are listed here, with the placeholder that is the name.
 */
const USER_NAME_MESSAGES: Record<string, string> = {
  'security.sessions.endNamed': '0',
  'security.passkeys.renameNamed': '0',
  'security.passkeys.removeNamed': '0',
  'security.passkeys.removeQuestion': '0',
  'security.passkeys.removeYes': '0',
  'security.devices.forgetNamed': '0',
  'security.devices.forgetQuestion': '0',
  'security.devices.forgetYes': '0',
};
/**
 * The messages into which the code puts a name, found in the sources, so a new one is checked without being listed
 * here: a `t('key', …)` call given a cobrand's application name, the powered-by text or a logo's name (the argument's
 * place gives the placeholder), the route titles (`page.title.…`, each given the application name), and the mails'
 * subjects (`compose(ctx, 'key', …)`, the application name as {0}). The stand-in page picks its key from a table.
 */
function messagesWithName(): Map<string, string> {
  const found = new Map<string, string>([
    ...STAND_IN_MESSAGES.map((key) => [key, '0'] as const),
    ...Object.entries(USER_NAME_MESSAGES),
  ]);
  const english = labels('en_US');
  for (const file of SOURCE_DIRS.flatMap((dir) => sourceFiles(dir))) {
    const source = readFileSync(file, 'utf8');
    for (const [, key, args] of source.matchAll(/\bt\(\s*'([\w.-]+)'\s*,([^)]*)\)/g)) {
      const place = args!.split(',').findIndex((arg) => NAME_ARGUMENT.test(arg));
      if (place >= 0) found.set(key!, String(place));
    }
    for (const [, prefix] of source.matchAll(/\bt\(\s*`([\w.-]+)\$\{\w+\}`[^,)]*,\s*[^)]*\bappName\b/g))
      for (const key of Object.keys(english))
        if (key.startsWith(prefix!) && english[key]!.includes('{0}')) found.set(key, '0');
    for (const [, key] of source.matchAll(/\bcompose\(\s*ctx,\s*'([\w.-]+)'/g)) found.set(key!, '0');
  }
  return found;
}
/** An argument that is a name: the cobrand's application name, the powered-by text, a logo's name. */
const NAME_ARGUMENT = /\b(?:appName|poweredBy\.text|logoName)\b/;
const SOURCE_DIRS = [join(data, '..', 'web', 'src'), join(data, '..', 'server', 'src')];
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
/** The stand-in pages' texts, each with the cobrand's application name as {0}. */
const STAND_IN_MESSAGES = [
  'standin.cardholderRegistration',
  'standin.companyRegistration',
  'standin.newAccountApplication',
  'standin.cookieNotice',
];
/** The word just before a message's placeholder, past any quotation mark or space around the name. */
const wordBefore = (message: string, placeholder: string) =>
  message
    .split(`{${placeholder}}`)[0]!
    .replace(/[\s„“”«»‘’"']+$/u, '')
    .split(/\s+/)
    .pop()!
    .toLowerCase();

describe('the sign-in heading', () => {
  it('keeps the label and the name in English, as §2 has it', () => {
    for (const locale of ['en_US', 'en_GB'])
      expect(signInHeading(translator(locale), { signInToLabel: 'Welcome to', appName: 'Nowhere Card' })).toBe(
        'Welcome to Nowhere Card',
      );
  });

  it.each(SUPPORTED_LOCALES.filter((l) => !isEnglish(l)))(
    'in %s is a whole message that holds the name, not the label put before it',
    (locale) => {
      const heading = signInHeading(translator(locale), { signInToLabel: 'LABEL', appName: 'NAME' });
      expect(heading).toContain('NAME');
      expect(heading).not.toBe('LABEL NAME');
    },
  );

  it("fills a label written as a whole message with the cobrand's name, as the bank wrote it", () => {
    const t = translator('ja');
    expect(signInHeading(t, { signInToLabel: '{0}へようこそ', appName: "鷺ノ浦銀行 法人カード {1} it's" })).toBe(
      "鷺ノ浦銀行 法人カード {1} it'sへようこそ",
    );
  });

  it("is, for every cobrand in each of its languages but English, a whole message of the bank's", () => {
    const { cobrands } = readCatalogue(join(data, 'cobrands'));
    const prefixes = cobrands.flatMap(({ record }) =>
      Object.keys(record.locales)
        .filter((locale) => !isEnglish(locale))
        .map((locale) => ({ cobrand: record.cobrand.name, locale, label: cobrandIn(record, locale).signInToLabel }))
        .filter(({ label }) => label.split('{0}').length !== 2),
    );
    expect(prefixes).toEqual([]);
  });
});

const NAME_MESSAGES = messagesWithName();

describe('the messages that hold a name', () => {
  it('are found in the sources: every screen, title, footer and mail that puts a name into a text', () => {
    expect(Object.fromEntries(NAME_MESSAGES)).toMatchObject({
      'signin.heading': '1',
      'footer.poweredBy': '0',
      'shell.logoAlt': '0',
      'passkeyOffer.intro': '0',
      'home.cobrand': '0',
      'page.title.sso-start-at-portal': '0',
      'standin.cookieNotice': '0',
      'mail.signature': '0',
      'mail.passwordChanged.subject': '0',
    });
  });
});

/**
 * A name followed at once by a case ending (Finnish "{0}:ssa", Turkish "{0}’e") has been declined after all: the
 * message names it in apposition to a noun of its own that takes the ending ("palvelussa {0}", "{0} hizmetine").
 */
const DECLINED = /^[’'\-:]\p{L}/u;

describe.each(SUPPORTED_LOCALES.filter((l) => !isEnglish(l)))('in %s, a name in a message', (locale) => {
  it.each([...NAME_MESSAGES])('%s holds it once, after no word that would decline it or want an article', (key, p) => {
    const message = labels(locale)[key]!;
    const where = `${locale}/PortalLabels.json ${key}: "${message}"`;
    expect(message.split(`{${p}}`), where).toHaveLength(2);
    const unfit = [...(DECLINING_WORDS[locale] ?? []), ...(ARTICLE_WORDS[locale] ?? [])];
    expect(unfit, where).not.toContain(wordBefore(message, p));
    expect(DECLINED.test(message.split(`{${p}}`)[1]!), where).toBe(false);
  });
});
