/**
 * A bank's or the platform's name inside a sentence (the sign-in heading and page title, "powered by", the logo's
 * alternative text, the single sign-on and stand-in pages' texts), and a passkey's or device's name in the security
 * page's buttons and questions, reads right in every language: the name is never
 * put after a label or a word that would have to decline it (Polish, Russian and German cases) or give it an article,
 * and every cobrand's non-English sign-in label is a whole message.
 */
import { readFileSync } from 'node:fs';
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
  pl: ['do', 'w', 'we', 'z', 'ze', 'przez', 'od', 'dla', 'na', 'o', 'logo'],
  ru: ['в', 'во', 'на', 'от', 'для', 'с', 'к', 'по', 'о', 'логотип', 'платформе'],
  de: ['bei', 'von', 'mit', 'für', 'zu', 'zum', 'zur', 'aus'],
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
/** Messages into which a name goes, and which of their placeholders is the name. */
const NAME_MESSAGES: Record<string, string> = {
  'signin.heading': '1',
  'footer.poweredBy': '0',
  'shell.logoAlt': '0',
  'signin.tokenStep.intro': '0',
  'logout.sso.fresh': '0',
  'sso.noAccount.message': '0',
  'page.title.sso-start-at-portal': '0',
  // The security page's buttons and questions name a passkey (the user's words) or a device ("Firefox on Linux").
  'security.sessions.endNamed': '0',
  'security.passkeys.renameNamed': '0',
  'security.passkeys.removeNamed': '0',
  'security.passkeys.removeQuestion': '0',
  'security.passkeys.removeYes': '0',
  'security.devices.forgetNamed': '0',
  'security.devices.forgetQuestion': '0',
  'security.devices.forgetYes': '0',
};
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

/** Every message into which a name goes, with its placeholder: those above and the stand-in pages' texts. */
const ALL_NAME_MESSAGES = [...Object.entries(NAME_MESSAGES), ...STAND_IN_MESSAGES.map((key) => [key, '0'] as const)];

describe.each(SUPPORTED_LOCALES.filter((l) => !isEnglish(l)))('in %s, a name in a message', (locale) => {
  it.each(ALL_NAME_MESSAGES)('%s holds it once, after no word that would decline it or want an article', (key, p) => {
    const message = labels(locale)[key]!;
    expect(message.split(`{${p}}`), `${key}: "${message}"`).toHaveLength(2);
    const unfit = [...(DECLINING_WORDS[locale] ?? []), ...(ARTICLE_WORDS[locale] ?? [])];
    expect(unfit, `${key}: "${message}"`).not.toContain(wordBefore(message, p));
  });
});
