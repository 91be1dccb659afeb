/**
 * The console's words in the operator's language: its own bundle (data/i18n/<locale>/Console.json) over English's,
 * with the common texts the service's refusals name (Messages.json) and the security page's words for sign-ins and
 * devices (PortalLabels.json), placeholders parsed as a portal page carries
 * them, so the console's script carries neither texts nor a parser.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, languageTag, parsedMessages, type MessageSource } from '@portal/contract';
import { acceptedLanguages, settleLocale } from '@portal/contract/locales';
import englishLabels from '../../../data/i18n/en_US/PortalLabels.json' with { type: 'json' };
import englishMessages from '../../../data/i18n/en_US/Messages.json' with { type: 'json' };
import type { Messages } from '../i18n/messages.js';
import { I18N_DIR } from '../paths.js';

export interface ConsoleTexts {
  locale: string;
  /** The BCP 47 tag of the page's `lang`. */
  lang: string;
  texts: Record<string, MessageSource>;
}

/** English first: an operator whose browser asks for no language of the portal reads English. */
const OFFERED = [DEFAULT_LOCALE, ...SUPPORTED_LOCALES.filter((locale) => locale !== DEFAULT_LOCALE)];
/**
 * The common texts, and the security page's words for a sign-in's outcome and method and for devices, which the
 * console's lists of a user's sign-ins and trusted devices say as the user's own page does.
 */
const COMMON_KEYS = [
  ...Object.keys(englishMessages),
  ...Object.keys(englishLabels).filter((key) => /^security\.(device$|device\.|devices\.|method\.|signins\.)/.test(key)),
];

const readBundle = (dir: string, locale: string): Record<string, string> => {
  const file = join(dir, locale, 'Console.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
};

/** Every language's console texts, made once, at the first ask for each. */
export function consoleTexts(messages: Messages, dir = I18N_DIR) {
  const english = readBundle(dir, DEFAULT_LOCALE);
  const made = new Map<string, ConsoleTexts>();
  return (wishes: { param?: string | null; acceptLanguage?: string }): ConsoleTexts => {
    const locale = settleLocale(OFFERED, { param: wishes.param, accepted: acceptedLanguages(wishes.acceptLanguage) });
    let found = made.get(locale);
    if (!found) {
      const common = messages.dictionary(locale);
      const own = parsedMessages({ ...english, ...readBundle(dir, locale) }, (text) => parse(text));
      const texts = { ...Object.fromEntries(COMMON_KEYS.map((key) => [key, common[key]!])), ...own };
      found = { locale, lang: languageTag(locale), texts };
      made.set(locale, found);
    }
    return found;
  };
}
